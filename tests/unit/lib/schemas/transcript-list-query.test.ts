import { ValidationError } from '../../../../lib/errors';
import { validateQuery } from '../../../../lib/schemas/validate';
import { transcriptLimits } from '../../../../lib/schemas/transcript-limits';
import { encodeCursor, transcriptListQuerySchema } from '../../../../lib/schemas/transcript-list-query';

const parse = (query: Record<string, string | undefined>) => validateQuery(transcriptListQuerySchema, query);

function errorsOf(query: Record<string, string | undefined>) {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error(`expected a validation error for ${JSON.stringify(query)}`);
}

const notACursor = [{ path: 'query.cursor', message: 'is not a cursor this API gave (use links.next of the previous page)' }];

describe('GET /api/v1/transcripts query', () => {
  it('reads back the cursor it gave, and a page size', () => {
    const cursor = { callStartTime: '2026-11-20T15:00:00.000Z', callId: 'gong-7781' };

    expect(parse({ limit: '5', cursor: encodeCursor(cursor) })).toEqual({ limit: 5, cursor });
    expect(parse({})).toEqual({});
  });

  it('takes a cursor whose call id is as long as a call id may be, and refuses a longer one', () => {
    const longest = { callStartTime: '2026-11-20T15:00:00.000Z', callId: 'a'.repeat(transcriptLimits.callIdChars) };

    expect(parse({ cursor: encodeCursor(longest) }).cursor).toEqual(longest);
    expect(errorsOf({ cursor: encodeCursor({ ...longest, callId: `${longest.callId}a` }) })).toEqual(notACursor);
  });

  it.each([
    ['not base64 JSON', 'nope'],
    ['a call id that cannot be one', encodeCursor({ callStartTime: '2026-11-20T15:00:00.000Z', callId: '-x' })],
    ['a time of another form', encodeCursor({ callStartTime: '2026-11-20T15:00:00Z', callId: 'x' })],
  ])('refuses a cursor this API did not give: %s', (_what, cursor) => {
    expect(errorsOf({ cursor })).toEqual(notACursor);
  });

  it.each(['0', '101', '1.5', 'ten'])('refuses limit=%s, naming it', (limit) => {
    expect(errorsOf({ limit })).toEqual([{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]);
  });
});
