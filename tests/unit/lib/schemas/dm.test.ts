import { validate } from '../../../../lib/schemas/validate';
import { dmRequestSchema } from '../../../../lib/schemas/dm';
import { fieldErrorsOf, janeDoe, nonProfileUrls, notAProfileUrl, profileUrlVariants } from './field-errors';

const user = 'https://www.linkedin.com/in/sam-seller';
const valid = { target: janeDoe, user, message: 'Hello Jane, thanks for the talk.' };
const errorsOf = (body: unknown) => fieldErrorsOf(dmRequestSchema, body);
const tooLong = "must be at most 8000 characters (the network's limit for a message)";

describe('dm request', () => {
  it('accepts spec 2.3, get_approved false by default', () => {
    const request = validate(dmRequestSchema, valid);

    expect(request).toEqual({ ...valid, get_approved: false });
  });

  it.each([true, false])('keeps get_approved %s', (getApproved) => {
    expect(validate(dmRequestSchema, { ...valid, get_approved: getApproved }).get_approved).toBe(getApproved);
  });

  it.each(['true', 'false', 1, 0, null, 'yes', []])('refuses get_approved %j: it must be a boolean', (getApproved) => {
    const errors = errorsOf({ ...valid, get_approved: getApproved });

    expect(errors).toEqual([{ path: 'get_approved', message: 'must be true or false' }]);
  });

  it('names target, user and message when they are missing', () => {
    const errors = errorsOf({ get_approved: true });

    expect(errors).toEqual([
      { path: 'target', message: 'is required' },
      { path: 'user', message: 'is required' },
      { path: 'message', message: 'is required' },
    ]);
  });

  describe('message', () => {
    it('accepts exactly 8,000 characters', () => {
      const message = 'x'.repeat(8000);

      expect(validate(dmRequestSchema, { ...valid, message }).message).toBe(message);
    });

    it('refuses 8,001 characters, naming the limit', () => {
      const errors = errorsOf({ ...valid, message: 'x'.repeat(8001) });

      expect(errors).toEqual([{ path: 'message', message: tooLong }]);
    });

    it.each(['', ' ', '\n\n'])('refuses the blank message %j', (message) => {
      const errors = errorsOf({ ...valid, message });

      expect(errors).toEqual([{ path: 'message', message: 'must not be empty' }]);
    });

    it('refuses control characters, and keeps line breaks and tabs', () => {
      const errors = errorsOf({ ...valid, message: 'Hi\u001b[2J' });
      const accepted = validate(dmRequestSchema, { ...valid, message: 'Hi Jane,\r\n\n\tbest,\nSam' });

      expect(errors).toEqual([{ path: 'message', message: 'must not contain control characters other than line breaks and tabs' }]);
      expect(accepted.message).toBe('Hi Jane,\n\n\tbest,\nSam'); // CRLF made LF
    });

    it('refuses a message that is not text', () => {
      const errors = errorsOf({ ...valid, message: 42 });

      expect(errors).toEqual([{ path: 'message', message: 'must be a string' }]);
    });
  });

  describe('profile URLs', () => {
    it.each(profileUrlVariants)('accepts the target %s and normalises it', (target) => {
      expect(validate(dmRequestSchema, { ...valid, target }).target).toBe(janeDoe);
    });

    it.each(profileUrlVariants)('accepts the user %s and normalises it', (variant) => {
      expect(validate(dmRequestSchema, { ...valid, target: user, user: variant }).user).toBe(janeDoe);
    });

    it.each(nonProfileUrls)('refuses %j as target and as user, saying which form is accepted', (url) => {
      const errors = errorsOf({ ...valid, target: url, user: url });

      expect(errors).toEqual([
        { path: 'target', message: notAProfileUrl },
        { path: 'user', message: notAProfileUrl },
      ]);
    });

    it('refuses a target who is the user, once both are normalised, on target', () => {
      const errors = errorsOf({ ...valid, target: 'https://FR.linkedin.com/in/Sam-Seller/', user });

      expect(errors).toEqual([{ path: 'target', message: 'must be another person than user' }]);
    });
  });

  it('names each unknown field', () => {
    const errors = errorsOf({ ...valid, getApproved: true, email: 'jane@example.com' });

    expect(errors).toEqual([
      { path: 'getApproved', message: 'is not a known field' },
      { path: 'email', message: 'is not a known field' },
    ]);
  });
});
