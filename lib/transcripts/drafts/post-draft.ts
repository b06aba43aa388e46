import type { ContentIdea, MaskedTerm, PostDraft } from '../model/analysis';
import type { CallIdentities } from './call-identities';
import { maskIdentities } from './mask-identities';
import { POST_TEMPLATES } from './post-templates';

/** The parts a draft is made of, before they are joined: what an LLM writes too. */
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
export function draftOf(parts: DraftParts, masked: MaskedTerm[]): PostDraft {
  return {
    hook: parts.hook.trim(),
    quote: parts.quote,
    body: parts.body.trim(),
    closing: parts.closing.trim(),
    text: postText(parts),
    masked,
  };
}

/** A small, stable hash of a text, to pick among templates without a clock or randomness. */
function pick(text: string, choices: number): number {
  let hash = 0;
  for (let at = 0; at < text.length; at++) hash = (hash * 31 + text.charCodeAt(at)) >>> 0;
  return hash % choices;
}

/**
 * The embedded analyser's draft of a post-worthy idea: a hook of its kind, the buyer's best quote
 * (masked) and what the author makes of it, and a closing question. Undefined for a next step,
 * which is never post material.
 */
export function writePostDraft(idea: ContentIdea, identities: CallIdentities): PostDraft | undefined {
  if (idea.kind === 'next_step') return undefined;
  const template = POST_TEMPLATES[idea.kind];
  const source = idea.evidence[0]?.quote ?? '';
  const { text: quote, masked } = maskIdentities(source, identities);
  const hook = template.hooks[pick(source, template.hooks.length)] as string;
  return draftOf({ hook, quote, body: `“${quote}”\n\n${template.reflection}`, closing: template.closing }, masked);
}
