import { validate } from '../../../../lib/schemas/validate';
import { likeRequestSchema } from '../../../../lib/schemas/like';
import { fieldErrorsOf } from './field-errors';

const post = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/';

const errorsOf = (body: unknown) => fieldErrorsOf(likeRequestSchema, body);

describe('like request', () => {
  it('accepts spec 2.1 and parses the post URL', () => {
    const request = validate(likeRequestSchema, { url: post, groups: ['sales'], reactionType: 'celebrate' });

    expect(request.url).toMatchObject({ kind: 'activity', id: '7300000000000000001', url: post });
    expect(request.groups).toEqual(['sales']);
    expect(request.reactionType).toBe('celebrate');
  });

  it('drops repeated group names, case-insensitively, keeping the first spelling', () => {
    const request = validate(likeRequestSchema, { url: post, groups: ['Sales', 'founders', 'sales ', 'SALES'], reactionType: 'like' });

    expect(request.groups).toEqual(['Sales', 'founders']);
  });

  it('names every missing field', () => {
    expect(errorsOf({})).toEqual([
      { path: 'url', message: 'is required' },
      { path: 'groups', message: 'is required' },
      { path: 'reactionType', message: 'is required' },
    ]);
  });

  it.each(['Like', 'LIKE', 'heart', '', 'like '])('refuses the reaction type %j, listing the six', (reactionType) => {
    const errors = errorsOf({ url: post, groups: ['sales'], reactionType });

    expect(errors).toEqual([{ path: 'reactionType', message: 'must be one of: like, celebrate, support, love, insightful, funny' }]);
  });

  it.each([
    'http://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/',
    'https://www.linkedin.com/in/someone/',
    'https://example.com/feed/update/urn:li:activity:7300000000000000001/',
    'not a url',
  ])('refuses the url %s and says which forms are accepted', (url) => {
    const [error] = errorsOf({ url, groups: ['sales'], reactionType: 'like' });

    expect(error?.path).toBe('url');
    expect(error?.message).toContain('/feed/update/urn:li:activity:<id>/');
    expect(error?.message).toContain('commentUrn');
  });

  it('refuses empty and oversized group lists and bad names, naming the element', () => {
    expect(errorsOf({ url: post, groups: [], reactionType: 'like' })).toEqual([
      { path: 'groups', message: 'must name at least one group' },
    ]);
    expect(errorsOf({ url: post, groups: Array.from({ length: 51 }, (_, i) => `g${i}`), reactionType: 'like' })[0]?.path).toBe('groups');
    expect(errorsOf({ url: post, groups: ['sales', '  ', 7], reactionType: 'like' }).map((e) => e.path)).toEqual(['groups.1', 'groups.2']);
    expect(errorsOf({ url: post, groups: 'sales', reactionType: 'like' })[0]?.path).toBe('groups');
  });

  it('refuses control characters and lone surrogates in group names, and keeps other scripts', () => {
    const body = JSON.parse(`{"url":"${post}","groups":["a\\u0000b","\\ud800x","Ventes équipe 🚀"],"reactionType":"like"}`);

    expect(errorsOf(body)).toEqual([
      { path: 'groups.0', message: 'must not contain control characters' },
      { path: 'groups.1', message: 'must be valid Unicode text' },
    ]);
  });

  it('refuses unknown fields, prototype keys included', () => {
    const body = JSON.parse(`{"url":"${post}","groups":["sales"],"reactionType":"like","extra":1,"__proto__":{"admin":true}}`);

    expect(errorsOf(body)).toEqual([
      { path: 'extra', message: 'is not a known field' },
      { path: '__proto__', message: 'is not a known field' },
    ]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it.each([null, [], 'text', 42])('refuses a body that is not an object: %j', (body) => {
    expect(errorsOf(body)[0]?.path).toBe('');
  });
});
