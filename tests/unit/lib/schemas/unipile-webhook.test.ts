import { validate } from '../../../../lib/schemas/validate';
import type { UnipileWebhook } from '../../../../lib/schemas/unipile-webhook';
import { accountStatusOf, unipileConnectNotificationSchema, unipileWebhookSchema } from '../../../../lib/schemas/unipile-webhook';
import { fieldErrorsOf } from './field-errors';
import { attachmentOnlyMessageExample, messageReceivedExample, newRelationExample } from '../../../helpers/unipile-webhook-examples';

const errorsOf = (body: unknown) => fieldErrorsOf(unipileWebhookSchema, body);
const pathsOf = (body: unknown) => errorsOf(body).map((error) => error.path);

const newRelation = {
  event: 'new_relation',
  account_id: 'UnipileAcc_42',
  account_type: 'LINKEDIN',
  webhook_name: 'relations',
  user_full_name: 'Jane Doe',
  user_provider_id: 'ACoAAB-jane',
  user_public_identifier: 'jane-doe',
  user_profile_url: 'https://www.linkedin.com/in/jane-doe',
};
const messageReceived = {
  event: 'message_received',
  account_id: 'UnipileAcc_42',
  chat_id: 'chat-1',
  message_id: 'msg-1',
  message: 'Thanks for connecting!',
  timestamp: '2025-06-01T10:00:00.000Z',
  sender: { attendee_provider_id: 'ACoAAB-jane', attendee_name: 'Jane Doe', attendee_profile_url: 'https://www.linkedin.com/in/jane-doe' },
};
/** The example of "Account status updates" (developer.unipile.com/docs/account-lifecycle). */
const accountStatus = { AccountStatus: { account_id: 'h_EKCy2lRLef5NzHp0iw4A', account_type: 'LINKEDIN', message: 'CREDENTIALS' } };

describe('Unipile webhook body', () => {
  describe('event bodies (sources users and messaging), as before', () => {
    it.each([
      ['new_relation', newRelation],
      ['message_received', messageReceived],
    ])('accepts %s with every field kept, unknown ones included', (_event, body) => {
      expect(validate(unipileWebhookSchema, body)).toEqual(body);
    });

    it('accepts an event it does not act on, with fields it does not know', () => {
      const body = { event: 'account_status', account_id: 'x', status: 'OK', webhook_name: 'all' };

      expect(validate(unipileWebhookSchema, body)).toEqual(body);
    });

    it('names event when it is missing, not text or empty', () => {
      expect(errorsOf({ account_id: 'x' })).toEqual([{ path: 'event', message: 'is required' }]);
      expect(pathsOf({ event: 7 })).toEqual(['event']);
      expect(pathsOf({ event: '' })).toEqual(['event']);
      expect(pathsOf({ event: 'x'.repeat(101) })).toEqual(['event']);
    });

    it('keeps every string bounded', () => {
      expect(pathsOf({ ...newRelation, account_id: 'x'.repeat(201) })).toEqual(['account_id']);
      expect(pathsOf({ ...newRelation, user_profile_url: 'x'.repeat(2049) })).toEqual(['user_profile_url']);
      expect(pathsOf({ ...messageReceived, message: 'x'.repeat(100_001) })).toEqual(['message']);
      expect(pathsOf({ ...messageReceived, sender: { attendee_name: 'x'.repeat(501) } })).toEqual(['sender.attendee_name']);
    });

    it('refuses a body that is not an object', () => {
      expect(errorsOf([])).toEqual([{ path: '', message: 'the body must be a JSON object, not an array' }]);
    });
  });

  describe("Unipile's documented examples, and the nulls its data can hold", () => {
    it.each([
      ['new_relation (Detecting accepted invitations)', newRelationExample],
      ['message_received (New messages webhook)', messageReceivedExample],
    ])('accepts the example of %s as printed', (_what, body) => {
      expect(validate(unipileWebhookSchema, body)).toEqual(body);
    });

    it('reads a message of an attachment only, from a sender without a name: null as absent, not a 400', () => {
      const read = validate(unipileWebhookSchema, attachmentOnlyMessageExample);

      expect(read.message).toBeUndefined();
      expect(read.sender?.attendee_name).toBeUndefined();
      expect(read.sender?.attendee_provider_id).toBe(attachmentOnlyMessageExample.sender.attendee_provider_id);
    });

    it.each([
      'account_id',
      'user_provider_id',
      'user_public_identifier',
      'user_profile_url',
      'chat_id',
      'message_id',
      'timestamp',
      'sender',
    ])('reads %s: null as absent', (field) => {
      const read = validate(unipileWebhookSchema, { ...messageReceivedExample, [field]: null }) as Record<string, unknown>;

      expect(read[field]).toBeUndefined();
    });

    it('still refuses a field of the wrong type', () => {
      expect(pathsOf({ ...messageReceivedExample, message: 7 })).toEqual(['message']);
    });
  });

  describe('the account status body (source account_status), which has no event', () => {
    it('accepts the documented example, and fields it does not know at both levels', () => {
      const body = { ...accountStatus, webhook_name: 'status', AccountStatus: { ...accountStatus.AccountStatus, extra: 1 } };

      expect(validate(unipileWebhookSchema, body)).toEqual(body);
    });

    it.each([
      ['account_id', 201],
      ['account_type', 101],
      ['message', 101],
    ])('refuses AccountStatus.%s longer than the bound', (field, length) => {
      const body = { AccountStatus: { ...accountStatus.AccountStatus, [field]: 'x'.repeat(length) } };

      expect(pathsOf(body)).toEqual([`AccountStatus.${field}`]);
    });

    it('refuses an AccountStatus that is not an object, or fields that are not text', () => {
      expect(pathsOf({ AccountStatus: 'CREDENTIALS' })).toEqual(['AccountStatus']);
      expect(pathsOf({ AccountStatus: { account_id: 42, message: 'OK' } })).toEqual(['AccountStatus.account_id']);
    });
  });

  describe('accountStatusOf', () => {
    it('gives the login and its message', () => {
      expect(accountStatusOf(validate(unipileWebhookSchema, accountStatus))).toEqual({
        providerAccountId: 'h_EKCy2lRLef5NzHp0iw4A',
        message: 'CREDENTIALS',
      });
    });

    it.each<[string, UnipileWebhook]>([
      ['an event', newRelation],
      ['a status without message', { AccountStatus: { account_id: 'acc' } }],
      ['a status without login', { AccountStatus: { message: 'OK' } }],
      ['a status with an empty login', { AccountStatus: { account_id: '', message: 'OK' } }],
    ])('is undefined for %s', (_what, body) => {
      expect(accountStatusOf(validate(unipileWebhookSchema, body))).toBeUndefined();
    });
  });
});

describe('Unipile hosted auth notification (notify_url)', () => {
  const notification = { status: 'CREATION_SUCCESS', account_id: 'e54m8LR22bA7G5qsAc8w', name: 'myuser1234' };
  const notificationErrorsOf = (body: unknown) => fieldErrorsOf(unipileConnectNotificationSchema, body);

  it('accepts the documented body, for a reconnection too, keeping fields it does not know', () => {
    expect(validate(unipileConnectNotificationSchema, notification)).toEqual(notification);
    expect(validate(unipileConnectNotificationSchema, { ...notification, status: 'RECONNECTED', extra: true })).toEqual({
      ...notification,
      status: 'RECONNECTED',
      extra: true,
    });
  });

  it('names every missing field', () => {
    expect(notificationErrorsOf({})).toEqual([
      { path: 'status', message: 'is required' },
      { path: 'account_id', message: 'is required' },
      { path: 'name', message: 'is required' },
    ]);
  });

  it('refuses empty and overlong values', () => {
    const paths = (body: unknown) => notificationErrorsOf(body).map((error) => error.path);

    expect(paths({ ...notification, account_id: '' })).toEqual(['account_id']);
    expect(paths({ ...notification, status: 'x'.repeat(101) })).toEqual(['status']);
    expect(paths({ ...notification, account_id: 'x'.repeat(201) })).toEqual(['account_id']);
    expect(paths({ ...notification, name: 'x'.repeat(1001) })).toEqual(['name']);
  });
});
