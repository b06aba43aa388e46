import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeaders } from '../../../../lib/webhooks/signature';

/*
 * The customer's side is the official `standardwebhooks` verifier: if it accepts what we emit, any
 * Standard Webhooks library does.
 */

const body = JSON.stringify({ type: 'job.completed', data: { jobId: 'job_01', status: 'succeeded', note: 'café ✓' } });

describe('newSigningSecret', () => {
  it('is whsec_ and the base64 of 32 bytes', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });

  it('differs every time', () => {
    expect(new Set(Array.from({ length: 20 }, () => newSigningSecret())).size).toBe(20);
  });

  it('is accepted by the official verifier', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_1', timestamp: new Date(), body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe('signatureHeaders', () => {
  it('matches the Standard Webhooks test vector', () => {
    const headers = signatureHeaders({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: new Date(1614265330 * 1000),
      body: '{"test": 2432232314}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('matches an HMAC computed by hand, with the timestamp in whole seconds', () => {
    const key = Buffer.alloc(32, 7);
    const headers = signatureHeaders({
      id: 'msg_fixed',
      timestamp: new Date(1_700_000_000_999),
      body,
      secrets: [`whsec_${key.toString('base64')}`],
    });
    const expected = createHmac('sha256', key).update(`msg_fixed.1700000000.${body}`, 'utf8').digest('base64');
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('verifies with the official library', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_ok', timestamp: new Date(), body, secrets: [secret] });
    expect(headers['webhook-id']).toBe('msg_ok');
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('signs with both secrets during a rotation, and either one verifies', () => {
    const previous = newSigningSecret();
    const current = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_rot', timestamp: new Date(), body, secrets: [current, previous] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow('No matching signature found');
  });

  it('fails verification for a tampered body', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_t', timestamp: new Date(), body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body.replace('succeeded', 'failed'), headers)).toThrow('No matching signature found');
  });

  it('fails verification under another message id', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_a', timestamp: new Date(), body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_b' })).toThrow('No matching signature found');
  });

  it('fails verification with another timestamp', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_ts', timestamp: new Date(), body, secrets: [secret] });
    const shifted = String(Number(headers['webhook-timestamp']) - 1);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-timestamp': shifted })).toThrow('No matching signature found');
  });

  it('fails verification when signed more than five minutes ago', () => {
    const secret = newSigningSecret();
    const headers = signatureHeaders({ id: 'msg_old', timestamp: new Date(Date.now() - 6 * 60 * 1000), body, secrets: [secret] });
    expect(() => new Webhook(secret).verify(body, headers)).toThrow('Message timestamp too old');
  });

  it('accepts a secret without the whsec_ prefix', () => {
    const secret = newSigningSecret();
    const a = signatureHeaders({ id: 'm', timestamp: new Date(0), body, secrets: [secret] });
    const b = signatureHeaders({ id: 'm', timestamp: new Date(0), body, secrets: [secret.slice('whsec_'.length)] });
    expect(b).toEqual(a);
  });

  it('refuses to sign without a secret', () => {
    expect(() => signatureHeaders({ id: 'm', timestamp: new Date(), body, secrets: [] })).toThrow(/at least one/i);
    expect(() => signatureHeaders({ id: 'm', timestamp: new Date(), body, secrets: ['whsec_'] })).toThrow(/empty/);
  });
});
