import type { ContentIdea, MaskedTerm, PostDraft } from '../model/analysis';
import type { CallIdentities } from './call-identities';
import { maskIdentities } from './mask-identities';
import { POST_TEMPLATES } from './post-templates';

/** What an author (the templates, or an LLM) writes around a quote: the quote itself is never theirs. */
export interface PostProposal {
  writtenBy: PostDraft['writtenBy'];
  hook: string;
  reflection: string;
  closing: string;
}

/** The parts a draft is made of, before they are joined. */
export interface DraftParts {
  hook: string;
  quote: string;
  body: string;
  closing: string;
}

/** The post's text: its parts a blank line apart, as the network shows paragraphs. */
export function postText(parts: Pick<DraftParts, 'hook' | 'body' | 'closing'>): string {
  return [parts.hook, parts.body, parts.closing].map((part) => part.trim()).join('\n\n');
}

/** A draft from its parts, with what the quote's masking took out. */
export function draftOf(parts: DraftParts, masked: MaskedTerm[], writtenBy: PostDraft['writtenBy'] = 'templates'): PostDraft {
  const { hook, quote, body, closing } = parts;
  return { hook: hook.trim(), quote, body: body.trim(), closing: closing.trim(), text: postText(parts), masked, writtenBy };
}

/** A small, stable hash of a text, to pick among templates without a clock or randomness. */
function pick(text: string, choices: number): number {
  let hash = 0;
  for (let at = 0; at < text.length; at++) hash = (hash * 31 + text.charCodeAt(at)) >>> 0;
  return hash % choices;
}

/** The embedded templates' words around an idea's quote; undefined for a next step, never post material. */
export function templateProposal(idea: ContentIdea): PostProposal | undefined {
  if (idea.kind === 'next_step') return undefined;
  const template = POST_TEMPLATES[idea.kind];
  return {
    writtenBy: 'templates',
    hook: template.hooks[pick(idea.evidence[0]?.quote ?? '', template.hooks.length)] as string,
    reflection: template.reflection,
    closing: template.closing,
  };
}

/** An idea's best quote with the call's identities masked: what a post quotes, and what an LLM is shown. */
export const maskedQuote = (idea: ContentIdea, identities: CallIdentities) => maskIdentities(idea.evidence[0]?.quote ?? '', identities);

/**
 * The draft of a post-worthy idea: the author's hook, the buyer's best quote (masked, in quotes)
 * and the author's reflection, then the closing question; by default the templates' words.
 * Undefined for a next step.
 */
export function writePostDraft(
  idea: ContentIdea,
  identities: CallIdentities,
  proposal: PostProposal | undefined = templateProposal(idea),
): PostDraft | undefined {
  if (!proposal || idea.kind === 'next_step') return undefined;
  const { text: quote, masked } = maskedQuote(idea, identities);
  const body = `“${quote}”\n\n${proposal.reflection.trim()}`;
  return draftOf({ hook: proposal.hook, quote, body, closing: proposal.closing }, masked, proposal.writtenBy);
}
