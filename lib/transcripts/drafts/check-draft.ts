import { MAX_POST_CHARS, type ContentIdea, type PostDraft } from '../model/analysis';
import type { CallIdentities } from './call-identities';
import { maskIdentities } from './mask-identities';
import { postText } from './post-draft';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const holdsWord = (text: string, word: string, flags: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, flags).test(text);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * What is wrong with a post draft, by the rules every draft keeps, whoever wrote it (the embedded
 * templates or an LLM): its quote is one of the idea's evidence quotes, verbatim with the masks
 * applied, and the body holds it; the text is its parts joined and within the network's limit; and
 * it names none of the call's people, emails, companies, domains or other names, nor any word it
 * lists as masked. Empty when the draft keeps them all.
 */
export function draftProblems(draft: PostDraft, idea: ContentIdea, identities: CallIdentities): string[] {
  const problems: string[] = [];
  const quotes = idea.evidence.map((evidence) => maskIdentities(evidence.quote, identities).text);
  if (!quotes.includes(draft.quote)) problems.push('its quote is not an evidence quote of the idea with the masks applied');
  if (!draft.body.includes(draft.quote)) problems.push('its body does not hold its quote');
  if (draft.text !== postText(draft)) problems.push('its text is not its hook, body and closing');
  if (draft.text.length > MAX_POST_CHARS) problems.push(`its text is over ${MAX_POST_CHARS} characters`);
  const text = draft.text.toLowerCase();
  for (const email of identities.emails) if (text.includes(email)) problems.push(`it names an email of the call (${email})`);
  for (const domain of identities.domains) if (text.includes(domain)) problems.push(`it names a domain of the call (${domain})`);
  // A name is looked for as written, capitalised: `Will`, `Mark` or the `Stop` of `Kwik Stop` are words too.
  const names = [
    ...identities.people,
    ...identities.otherNames,
    ...draft.masked.filter((term) => term.kind === 'name').map((term) => term.text),
  ];
  const companies = [...identities.companies, ...draft.masked.filter((term) => term.kind !== 'name').map((term) => term.text)];
  for (const name of new Set(names.map(capitalised)))
    if (holdsWord(draft.text, name, 'u')) problems.push(`it names ${JSON.stringify(name)}, which the call's names or its masks include`);
  for (const company of new Set(companies.map((word) => word.toLowerCase())))
    if (holdsWord(draft.text, company, 'iu'))
      problems.push(`it names ${JSON.stringify(company)}, which the call's companies or its masks include`);
  return problems;
}
