import { z } from 'zod';

/** The network's limits on what a person writes, in characters (UTF-16 units, as browsers count). */
export const textLimits = {
  /** A comment on a post. */
  comment: 1250,
  /** A direct message. */
  message: 8000,
  /** The note of an invitation to connect (200 on free accounts; the network refuses longer ones). */
  invitationNote: 300,
} as const;

/** C0 and C1 control characters, except tab, line feed and carriage return. */
function isForbiddenControl(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || (code >= 0x7f && code <= 0x9f);
}

/**
 * Text a person would write: not blank, at most `max` characters (the network's limit, named in
 * the error), no control characters other than line breaks and tabs, valid Unicode.
 */
export function outreachTextSchema(max: number, limitName: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .refine((text) => text.trim().length > 0, 'must not be empty')
    .refine((text) => text.length <= max, `must be at most ${max} characters (${limitName})`)
    .refine((text) => ![...text].some(isForbiddenControl), 'must not contain control characters other than line breaks and tabs')
    .refine((text) => !/\p{Cs}/u.test(text), 'must be valid Unicode text');
}
