import { validate } from '../../../../lib/schemas/validate';
import { connectRequestSchema } from '../../../../lib/schemas/connect';
import { fieldErrorsOf, janeDoe, nonProfileUrls, notAProfileUrl, profileUrlVariants } from './field-errors';

const user = 'https://www.linkedin.com/in/sam-seller';
const valid = { target: janeDoe, user };
const errorsOf = (body: unknown) => fieldErrorsOf(connectRequestSchema, body);
const noteTooLong = "must be at most 300 characters (the network's limit for an invitation note)";

describe('connect request', () => {
  it('accepts spec 2.4 with only target and user', () => {
    const request = validate(connectRequestSchema, valid);

    expect(request).toEqual({ target: janeDoe, user });
  });

  it('accepts a note and an email', () => {
    const request = validate(connectRequestSchema, { ...valid, message: 'Hello Jane,\nglad we met.', email: 'jane@example.com' });

    expect(request).toEqual({ target: janeDoe, user, message: 'Hello Jane,\nglad we met.', email: 'jane@example.com' });
  });

  it('names target and user when they are missing', () => {
    const errors = errorsOf({ message: 'Hi' });

    expect(errors).toEqual([
      { path: 'target', message: 'is required' },
      { path: 'user', message: 'is required' },
    ]);
  });

  describe('message (the invitation note)', () => {
    it('accepts exactly 300 characters', () => {
      const message = 'x'.repeat(300);

      expect(validate(connectRequestSchema, { ...valid, message }).message).toBe(message);
    });

    it('refuses 301 characters, naming the limit', () => {
      const errors = errorsOf({ ...valid, message: 'x'.repeat(301) });

      expect(errors).toEqual([{ path: 'message', message: noteTooLong }]);
    });

    it.each(['', '  \n '])('refuses the blank note %j (leave it out to send none)', (message) => {
      const errors = errorsOf({ ...valid, message });

      expect(errors).toEqual([{ path: 'message', message: 'must not be empty' }]);
    });

    it('refuses a note with control characters, and keeps line breaks', () => {
      const errors = errorsOf({ ...valid, message: 'Hi\u0000there' });
      const accepted = validate(connectRequestSchema, { ...valid, message: 'Hi\r\nthere\tJane' });

      expect(errors).toEqual([{ path: 'message', message: 'must not contain control characters other than line breaks and tabs' }]);
      expect(accepted.message).toBe('Hi\nthere\tJane'); // CRLF made LF
    });

    it('refuses a note that is not text', () => {
      const errors = errorsOf({ ...valid, message: null });

      expect(errors).toEqual([{ path: 'message', message: 'must be a string' }]);
    });
  });

  describe('email', () => {
    it.each(['jane', 'jane@', '@example.com', 'jane doe@example.com', 'jane@example', ''])('refuses %j', (email) => {
      const errors = errorsOf({ ...valid, email });

      expect(errors).toEqual([{ path: 'email', message: 'must be a valid email address' }]);
    });

    it('refuses an address past 254 characters', () => {
      const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;

      const errors = errorsOf({ ...valid, email });

      expect(email.length).toBeGreaterThan(254);
      expect(errors.map((error) => error.path)).toEqual(['email']);
    });
  });

  describe('profile URLs', () => {
    it.each(profileUrlVariants)('accepts the target %s and normalises it', (target) => {
      expect(validate(connectRequestSchema, { ...valid, target }).target).toBe(janeDoe);
    });

    it.each(profileUrlVariants)('accepts the user %s and normalises it', (variant) => {
      expect(validate(connectRequestSchema, { target: user, user: variant }).user).toBe(janeDoe);
    });

    it.each(nonProfileUrls)('refuses %j as target and as user, saying which form is accepted', (url) => {
      const errors = errorsOf({ target: url, user: url });

      expect(errors).toEqual([
        { path: 'target', message: notAProfileUrl },
        { path: 'user', message: notAProfileUrl },
      ]);
    });

    it.each([
      [janeDoe, janeDoe],
      ['http://fr.linkedin.com/in/Jane-Doe/', 'https://www.linkedin.com/in/jane-doe?trk=x'],
    ])('refuses a target who is the user (%s, %s), on target', (target, sameUser) => {
      const errors = errorsOf({ target, user: sameUser });

      expect(errors).toEqual([{ path: 'target', message: 'must be another person than user' }]);
    });
  });

  it('names each unknown field', () => {
    const errors = errorsOf({ ...valid, note: 'Hi', get_approved: true });

    expect(errors).toEqual([
      { path: 'note', message: 'is not a known field' },
      { path: 'get_approved', message: 'is not a known field' },
    ]);
  });
});
