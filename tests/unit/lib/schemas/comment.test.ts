import { validate } from '../../../../lib/schemas/validate';
import { commentRequestSchema } from '../../../../lib/schemas/comment';
import { fieldErrorsOf, janeDoe, nonProfileUrls, notAProfileUrl, profileUrlVariants } from './field-errors';

const post = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/';
const valid = { url: post, comment: 'Great point on pipeline hygiene.', groups: ['sales'] };
const errorsOf = (body: unknown) => fieldErrorsOf(commentRequestSchema, body);
const tooLong = "must be at most 1250 characters (the network's limit for a comment)";

describe('request-comment request', () => {
  it('accepts spec 2.2 with groups, parsing the post URL', () => {
    const request = validate(commentRequestSchema, valid);

    expect(request).toEqual({
      url: { url: post, kind: 'activity', id: '7300000000000000001', urn: 'urn:li:activity:7300000000000000001' },
      comment: valid.comment,
      groups: ['sales'],
    });
  });

  it('accepts a commentor instead of groups, and both together', () => {
    const byCommentor = validate(commentRequestSchema, { url: post, comment: 'Hi', commentor: janeDoe });
    const byBoth = validate(commentRequestSchema, { ...valid, commentor: janeDoe });

    expect(byCommentor).toMatchObject({ commentor: janeDoe });
    expect(byCommentor.groups).toBeUndefined();
    expect(byBoth).toMatchObject({ groups: ['sales'], commentor: janeDoe });
  });

  describe('required fields', () => {
    it('names url and comment when they are missing', () => {
      const errors = errorsOf({ groups: ['sales'] });

      expect(errors).toEqual([
        { path: 'url', message: 'is required' },
        { path: 'comment', message: 'is required' },
      ]);
    });

    // The at-least-one rule is checked even when another field failed to parse (missing, or a URL
    // that is not a post): zod alone would skip a refinement then, and the refusal not name `groups`.
    it.each([
      [
        'an empty body',
        {},
        [
          { path: 'url', message: 'is required' },
          { path: 'comment', message: 'is required' },
        ],
      ],
      [
        'a bad url',
        { url: 'https://example.com/post/1', comment: 'Hi' },
        [{ path: 'url', message: expect.stringContaining('/feed/update/') }],
      ],
    ])('names groups too, beside the other errors of %s', (_what, body, others) => {
      const errors = errorsOf(body);

      expect(errors).toEqual([...others, { path: 'groups', message: 'groups or commentor is required (at least one of them)' }]);
    });

    it('refuses neither groups nor commentor on `groups`', () => {
      const errors = errorsOf({ url: post, comment: 'Hi' });

      expect(errors).toEqual([{ path: 'groups', message: 'groups or commentor is required (at least one of them)' }]);
    });

    it('names groups beside another bad field', () => {
      const errors = errorsOf({ url: post, comment: ' ' });

      expect(errors).toEqual([
        { path: 'comment', message: 'must not be empty' },
        { path: 'groups', message: 'groups or commentor is required (at least one of them)' },
      ]);
    });

    it.each([null, [], 'text', 42])('refuses a body that is not an object: %j', (body) => {
      const errors = errorsOf(body);

      expect(errors[0]?.path).toBe('');
    });
  });

  describe('comment', () => {
    it('accepts exactly 1,250 characters', () => {
      const comment = 'x'.repeat(1250);

      expect(validate(commentRequestSchema, { ...valid, comment }).comment).toBe(comment);
    });

    it('refuses 1,251 characters, naming the limit', () => {
      const errors = errorsOf({ ...valid, comment: 'x'.repeat(1251) });

      expect(errors).toEqual([{ path: 'comment', message: tooLong }]);
    });

    it.each(['', '   ', '\n\t \r\n'])('refuses the blank comment %j', (comment) => {
      const errors = errorsOf({ ...valid, comment });

      expect(errors).toEqual([{ path: 'comment', message: 'must not be empty' }]);
    });

    it.each([42, null, true, ['Hi'], { text: 'Hi' }])('refuses the non-text comment %j', (comment) => {
      const errors = errorsOf({ ...valid, comment });

      expect(errors).toEqual([{ path: 'comment', message: 'must be a string' }]);
    });

    it.each(['a\u0000b', 'bell\u0007', 'esc \u001b[31m', 'del\u007f', 'c1 \u0085', 'vt\u000bff\u000c'])(
      'refuses control characters: %j',
      (comment) => {
        const errors = errorsOf({ ...valid, comment });

        expect(errors).toEqual([{ path: 'comment', message: 'must not contain control characters other than line breaks and tabs' }]);
      },
    );

    it('keeps line breaks (CRLF made LF), tabs and other scripts as written', () => {
      const comment = 'Great point!\n\nThree things:\r\n\t1. pipeline 🚀\n\t2. Équipe ventes';

      expect(validate(commentRequestSchema, { ...valid, comment }).comment).toBe(comment.replace('\r\n', '\n'));
    });

    it('refuses a lone surrogate', () => {
      const body = JSON.parse(`{"url":"${post}","comment":"x\\ud800y","groups":["sales"]}`);

      expect(errorsOf(body)).toEqual([{ path: 'comment', message: 'must be valid Unicode text' }]);
    });
  });

  describe('commentor', () => {
    it.each(profileUrlVariants)('accepts %s and normalises it', (commentor) => {
      const request = validate(commentRequestSchema, { url: post, comment: 'Hi', commentor });

      expect(request.commentor).toBe(janeDoe);
    });

    it.each(nonProfileUrls)('refuses %j, saying which form is accepted', (commentor) => {
      const errors = errorsOf({ url: post, comment: 'Hi', commentor });

      expect(errors).toEqual([{ path: 'commentor', message: notAProfileUrl }]);
    });

    it('refuses a commentor that is not text', () => {
      const errors = errorsOf({ url: post, comment: 'Hi', commentor: 42 });

      expect(errors).toEqual([{ path: 'commentor', message: 'must be a string' }]);
    });
  });

  it('refuses a post URL that is a profile, listing the post forms', () => {
    const [error, ...others] = errorsOf({ ...valid, url: janeDoe });

    expect(others).toEqual([]);
    expect(error?.path).toBe('url');
    expect(error?.message).toContain('/feed/update/urn:li:activity:<id>/');
  });

  it('names each unknown field', () => {
    const errors = errorsOf({ ...valid, commenter: janeDoe, reactionType: 'like' });

    expect(errors).toEqual([
      { path: 'commenter', message: 'is not a known field' },
      { path: 'reactionType', message: 'is not a known field' },
    ]);
  });

  it('names every bad field at once', () => {
    const errors = errorsOf({
      url: 'https://example.com/post/1',
      comment: 'x'.repeat(1251),
      groups: [],
      commentor: 'https://www.linkedin.com/company/acme',
    });

    expect(errors.map((error) => error.path)).toEqual(['url', 'comment', 'groups', 'commentor']);
  });
});
