import { outreachTextSchema, textLimits } from '../../../../lib/schemas/outreach-text';

describe('outreachTextSchema', () => {
  it('normalises CRLF and lone CR line breaks to LF, as the network stores them', () => {
    expect(outreachTextSchema('comment').parse('one\r\ntwo\rthree\nfour')).toBe('one\ntwo\nthree\nfour');
  });

  it('counts a line break sent as CRLF (how browsers send a textarea) as one character, as the browser did', () => {
    const lines = `${'a'.repeat(textLimits.comment - 2)}\r\nb`;

    expect(outreachTextSchema('comment').parse(lines)).toHaveLength(textLimits.comment);
    expect(outreachTextSchema('comment').safeParse(`${lines}c`).success).toBe(false);
  });

  it.each([
    ['comment', 1250, 'a comment'],
    ['message', 8000, 'a message'],
    ['invitationNote', 300, 'an invitation note'],
  ] as const)('limits a %s to %i characters and names the limit', (kind, max, name) => {
    const refused = outreachTextSchema(kind).safeParse('x'.repeat(max + 1));

    expect(textLimits[kind]).toBe(max);
    expect(outreachTextSchema(kind).safeParse('x'.repeat(max)).success).toBe(true);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      `must be at most ${max} characters (the network's limit for ${name})`,
    ]);
  });
});
