import * as z from '../zod';

/**
 * Characters that reorder the text around them when it is shown: the bidirectional embeddings and
 * overrides (U+202A–U+202E) and isolates (U+2066–U+2069). In a name they can make it read as another
 * (U+202E then `nimda` shows as "admin"), on a page, in a mail or in a list of accounts.
 */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/;
const CONTROL = /\p{Cc}/u;

/**
 * The checks of a name shown to people (a group's, an account's, a workspace's), after its length:
 * no control character, no reordering character, no lone surrogate (valid JSON, but not Unicode:
 * DynamoDB refuses it in a key).
 */
export const shownNameChecks = () => [
  z.refine<string>((name) => !CONTROL.test(name), 'must not contain control characters'),
  z.refine<string>(
    (name) => !REORDERING.test(name),
    'must not contain bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069)',
  ),
  z.refine<string>((name) => !/\p{Cs}/u.test(name), 'must be valid Unicode text'),
];

/** A name from elsewhere (a network profile's), which can't be refused: those characters taken out. */
export function withoutReorderingOrControl(name: string): string {
  return name.replace(new RegExp(REORDERING, 'g'), '').replace(new RegExp(CONTROL, 'gu'), ' ');
}
