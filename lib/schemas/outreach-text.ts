import * as z from '../zod';
import { typeError } from './type-error';

/** What a person writes on the network, each kind with the network's limit and how errors name it. */
const kinds = {
  comment: { max: 1250, limitName: "the network's limit for a comment" },
  message: { max: 8000, limitName: "the network's limit for a message" },
  /** The network's own limit for a post (Unipile documents none: it is enforced here). */
  post: { max: 3000, limitName: "the network's limit for a post" },
  /** 200 on free accounts; the network refuses longer ones itself. */
  invitationNote: { max: 300, limitName: "the network's limit for an invitation note" },
} as const;
export type TextKind = keyof typeof kinds;

/** The network's limits, in characters (UTF-16 units, as browsers count them for `maxlength`). */
export const textLimits: Readonly<Record<TextKind, number>> = {
  comment: kinds.comment.max,
  message: kinds.message.max,
  post: kinds.post.max,
  invitationNote: kinds.invitationNote.max,
};

/** C0 and C1 control characters, except tab and line feed (carriage returns are normalised away first). */
function isForbiddenControl(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code < 0x20 && char !== '\t' && char !== '\n') || (code >= 0x7f && code <= 0x9f);
}

/**
 * Text a person would write, of one kind: line breaks normalised to `\n` first (browsers send a
 * textarea's as `\r\n` but count each as one character, as the network does), then not blank, at
 * most the kind's limit (named in the error), no control characters other than line breaks and
 * tabs, valid Unicode.
 */
export function outreachTextSchema(kind: TextKind) {
  const { max, limitName } = kinds[kind];
  return z
    .pipe(
      z.string(typeError('must be a string')),
      z.transform((text: string) => text.replace(/\r\n?/g, '\n')),
    )
    .check(
      z.refine((text) => text.trim().length > 0, 'must not be empty'),
      z.refine((text) => text.length <= max, `must be at most ${max} characters (${limitName})`),
      z.refine((text) => ![...text].some(isForbiddenControl), 'must not contain control characters other than line breaks and tabs'),
      z.refine((text) => !/\p{Cs}/u.test(text), 'must be valid Unicode text'),
    );
}
