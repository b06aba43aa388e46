import { validate } from '../../../../lib/schemas/validate';
import { postRequestSchema } from '../../../../lib/schemas/post';
import { fieldErrorsOf, notAProfileUrl } from './field-errors';

const user = 'https://www.linkedin.com/in/sam-seller';
const valid = { user, text: 'Seven buyers raised price this month.\nHere is what they said.' };
const errorsOf = (body: unknown) => fieldErrorsOf(postRequestSchema, body);

describe('post request', () => {
  it('asks the author for approval by default, and amplifies nothing', () => {
    expect(validate(postRequestSchema, valid)).toEqual({ ...valid, get_approved: true });
  });

  it('keeps get_approved false, and fills amplify.reactionType with like', () => {
    const request = validate(postRequestSchema, { ...valid, get_approved: false, amplify: { groups: ['Sales', 'sales', 'marketing'] } });

    expect(request).toEqual({ ...valid, get_approved: false, amplify: { groups: ['Sales', 'marketing'], reactionType: 'like' } });
  });

  it('takes the amplifying comment as a comment is taken', () => {
    const request = validate(postRequestSchema, {
      ...valid,
      amplify: { groups: ['sales'], reactionType: 'insightful', comment: 'So true.\r\n' },
    });

    expect(request.amplify).toEqual({ groups: ['sales'], reactionType: 'insightful', comment: 'So true.\n' });
  });

  it('names user and text when they are missing', () => {
    expect(errorsOf({})).toEqual([
      { path: 'user', message: 'is required' },
      { path: 'text', message: "give text or draft (a transcript idea's post draft), one of them" },
    ]);
  });

  it("takes a transcript idea's draft instead of text, never both, and names a malformed one's fields", () => {
    const draft = { call_id: 'gong-7781', idea_id: 'idea-3' };

    expect(validate(postRequestSchema, { user: valid.user, draft }).draft).toEqual(draft);
    expect(errorsOf({ ...valid, draft })).toEqual([
      { path: 'text', message: "give text or draft (a transcript idea's post draft), one of them" },
    ]);
    expect(
      errorsOf({ user: valid.user, draft: { call_id: ' no', idea_id: '3', extra: 1 } })
        .map((error) => error.path)
        .sort(),
    ).toEqual(['draft.call_id', 'draft.extra', 'draft.idea_id']);
  });

  it("accepts 3,000 characters and refuses 3,001, naming the network's limit", () => {
    expect(validate(postRequestSchema, { ...valid, text: 'x'.repeat(3000) }).text).toHaveLength(3000);
    expect(errorsOf({ ...valid, text: 'x'.repeat(3001) })).toEqual([
      { path: 'text', message: "must be at most 3000 characters (the network's limit for a post)" },
    ]);
  });

  it.each(['', ' \n '])('refuses the blank text %j', (text) => {
    expect(errorsOf({ ...valid, text })).toEqual([{ path: 'text', message: 'must not be empty' }]);
  });

  it('names each bad field of amplify by its path, and refuses fields it does not know', () => {
    const errors = errorsOf({
      user: 'https://example.com/sam',
      text: 'Hi',
      get_approved: 'yes',
      amplify: { groups: [], reactionType: 'wow', comment: 'x'.repeat(1251), extra: 1 },
      draft_id: 'idea_1',
    });

    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'user', message: notAProfileUrl },
        { path: 'get_approved', message: 'must be true or false' },
        { path: 'amplify.groups', message: 'must name at least one group' },
        expect.objectContaining({ path: 'amplify.reactionType' }),
        { path: 'amplify.comment', message: "must be at most 1250 characters (the network's limit for a comment)" },
        expect.objectContaining({ path: 'amplify.extra' }),
        expect.objectContaining({ path: 'draft_id' }),
      ]),
    );
    expect(errors).toHaveLength(7);
  });
});
