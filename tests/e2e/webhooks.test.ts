import { Webhook } from 'standardwebhooks';
import { acceptSandboxInvitations, listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, samplePostUrl, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api, apiBaseUrl, BACKGROUND_WORK_TIMEOUT_MS, eventually } from '../helpers/http-client';
import { postAsWebhook } from '../helpers/fake-unipile';
import { attachmentOnlyMessageExample, messageReceivedExample, newRelationExample } from '../helpers/unipile-webhook-examples';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';
import type { EventData } from '../helpers/webhook-receiver';
import { WebhookReceiver } from '../helpers/webhook-receiver';
import { webhookEventTypes } from '../../lib/webhooks/model/event-types';

/**
 * Outgoing webhooks over real HTTP through the local stack: a workspace subscribes a real local
 * receiver, real flows emit the events (a like, an approval, a DM to a stranger accepted in the
 * sandbox, the provider's message webhook, a transcript), and every delivery is verified with the
 * official Standard Webhooks library. The stack retries after 1-2 s and disables an endpoint that
 * fails for 5 s.
 */
const db = testDb();
let ws: TestWorkspace;
let receiver: WebhookReceiver;
let all: { webhookId: string; secret: string };

const person = (name: string) => `https://www.linkedin.com/in/${ws.workspaceId}-${name}`;

async function subscribe(path: string, events: readonly string[]) {
  const created = await api('POST', '/api/v1/webhooks', {
    apiKey: ws.apiKey,
    body: { url: receiver.url(path), events, description: `receiver ${path}` },
  });
  expect(created.status).toBe(201);
  return created.body as { webhookId: string; secret: string; status: string; events: string[] };
}

/** The first verified event at `path` of this type that `match` accepts. */
function eventAt(
  path: string,
  secret: string,
  type: string,
  match: (data: EventData) => boolean = () => true,
  timeoutMs = BACKGROUND_WORK_TIMEOUT_MS,
) {
  return eventually(
    async () => receiver.events(path, secret).find((event) => event.type === type && match(event.data)),
    timeoutMs,
    `${type} at ${path}`,
  ).catch((error: Error) => {
    throw new Error(
      `${error.message}; received: ${JSON.stringify(receiver.events(path, secret).map((event) => [event.type, event.data.jobId]))}`,
    );
  });
}

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  ws = await createTestWorkspace(db, { accounts: [{}, { mode: 'ask' }], groups: { sales: [0], askers: [1] } });
  all = await subscribe('/all', webhookEventTypes);
});
afterAll(() => receiver.stop());

describe('managing webhooks', () => {
  it('shows the secret once, at creation and rotation; lists, updates and deletes', async () => {
    const created = await subscribe('/managed', ['job.succeeded']);
    expect(created).toMatchObject({
      status: 'enabled',
      events: ['job.succeeded'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });

    const read = await api('GET', `/api/v1/webhooks/${created.webhookId}`, { apiKey: ws.apiKey });
    const listed = await api('GET', '/api/v1/webhooks', { apiKey: ws.apiKey });
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect(listed.text).not.toContain(created.secret);
    expect((listed.body.items as Array<{ webhookId: string }>).map((item) => item.webhookId)).toContain(created.webhookId);

    const patched = await api('PATCH', `/api/v1/webhooks/${created.webhookId}`, {
      apiKey: ws.apiKey,
      body: { events: ['job.failed', 'dm.sent'], description: null },
    });
    expect(patched.body).toMatchObject({ events: ['job.failed', 'dm.sent'] });
    expect(patched.body.description).toBeUndefined();

    const rotated = await api('POST', `/api/v1/webhooks/${created.webhookId}/rotate-secret`, { apiKey: ws.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);

    expect((await api('DELETE', `/api/v1/webhooks/${created.webhookId}`, { apiKey: ws.apiKey })).status).toBe(204);
    expect((await api('GET', `/api/v1/webhooks/${created.webhookId}`, { apiKey: ws.apiKey })).status).toBe(404);
  });

  it('is a 404 from another workspace, and each request is checked like any other (400 naming the field, 401 without a key)', async () => {
    const other = await createTestWorkspace(db, { accounts: 0 });
    const foreign = await api('GET', `/api/v1/webhooks/${all.webhookId}`, { apiKey: other.apiKey });
    const unknownEvent = await api('POST', '/api/v1/webhooks', {
      apiKey: ws.apiKey,
      body: { url: receiver.url('/x'), events: ['job.succeeded', 'job.exploded'] },
    });
    const extraField = await api('POST', '/api/v1/webhooks', {
      apiKey: ws.apiKey,
      body: { url: receiver.url('/x'), events: ['ping'], secret: 'mine' },
    });
    const noKey = await api('GET', '/api/v1/webhooks');

    expect(foreign.status).toBe(404);
    expect((await api('DELETE', `/api/v1/webhooks/${all.webhookId}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api('PATCH', `/api/v1/webhooks/${all.webhookId}`, { apiKey: other.apiKey, body: { enabled: false } })).status).toBe(404);
    expect((await api('GET', `/api/v1/webhooks/${all.webhookId}`, { apiKey: ws.apiKey })).body).toMatchObject({ status: 'enabled' });
    expect(unknownEvent.status).toBe(400);
    expect(unknownEvent.headers.get('content-type')).toContain('application/problem+json');
    expect(unknownEvent.body.errors).toEqual([expect.objectContaining({ path: 'events.1' })]);
    expect(extraField.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'events.0' }), { path: 'secret', message: 'is not a known field' }]),
    );
    expect(noKey.status).toBe(401);
  });

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'https://10.0.0.8/hook'],
    ['a private address over IPv6', 'https://[fd00::1]/hook'],
    ['a mapped loopback address over https', 'https://[::ffff:169.254.169.254]/hook'],
    ['http to a public host', 'http://example.com/hook'],
    ['a URL with credentials', 'https://user:pass@example.com/hook'],
    ['a name that does not resolve', 'https://no-such-host.invalid/hook'],
    ['an internal name', 'https://metadata.google.internal/computeMetadata/v1/'],
  ])('refuses %s (SSRF), keeping nothing', async (_what, url) => {
    const before = (await api('GET', '/api/v1/webhooks', { apiKey: ws.apiKey })).body.items as unknown[];
    const refused = await api('POST', '/api/v1/webhooks', { apiKey: ws.apiKey, body: { url, events: ['job.succeeded'] } });
    const after = (await api('GET', '/api/v1/webhooks', { apiKey: ws.apiKey })).body.items as unknown[];

    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'url', message: expect.any(String) }]);
    expect(after).toHaveLength(before.length);
  });
});

describe('events from real flows, signed', () => {
  it('sends a ping on test, signed so that the Standard Webhooks library verifies it', async () => {
    const tested = await api('POST', `/api/v1/webhooks/${all.webhookId}/test`, { apiKey: ws.apiKey });
    expect(tested.status).toBe(202);

    const ping = await eventAt('/all', all.secret, 'ping', (data) => data.webhookId === all.webhookId);
    const delivery = receiver.at('/all').find((received) => received.headers['webhook-id'] === ping.id)!;
    expect(ping).toMatchObject({ id: tested.body.eventId, workspaceId: ws.workspaceId, timestamp: expect.any(String) });
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Number(delivery.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    // A tampered body does not verify.
    expect(() => new Webhook(all.secret).verify(delivery.body.replace('ping', 'pong'), delivery.headers)).toThrow();
  });

  it('job.succeeded when a like job ends', async () => {
    const liked = await api('POST', '/api/v1/social-selling/like', {
      apiKey: ws.apiKey,
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    });
    const jobId = String(liked.body.jobId);

    const event = await eventAt('/all', all.secret, 'job.succeeded', (data) => data.jobId === jobId);
    expect(event.data).toMatchObject({
      jobId,
      type: 'like',
      status: 'succeeded',
      counts: { total: 1, succeeded: 1, failed: 0 },
      links: { job: expect.stringMatching(new RegExp(`/api/v1/jobs/${jobId}$`)) },
    });
  });

  it('approval.requested with the link, then approval.decided', async () => {
    const asked = await api('POST', '/api/v1/social-selling/request-comment', {
      apiKey: ws.apiKey,
      body: { url: samplePostUrl, groups: ['askers'], comment: 'Great point about pipeline hygiene' },
    });
    const jobId = String(asked.body.jobId);

    const requested = await eventAt('/all', all.secret, 'approval.requested', (data) => data.jobId === jobId);
    expect(requested.data).toMatchObject({
      kind: 'comment',
      status: 'pending',
      text: 'Great point about pipeline hygiene',
      links: { page: expect.stringMatching(/\/approve\/[0-9A-Za-z]{32}$/) },
    });
    const decided = await api('POST', `/api/v1/approvals/${requested.data.approvalId}`, {
      apiKey: ws.apiKey,
      body: { decision: 'approve', text: 'Great point!' },
    });
    expect(decided.status).toBe(200);

    const event = await eventAt('/all', all.secret, 'approval.decided', (data) => data.jobId === jobId);
    expect(event.data).toMatchObject({ status: 'approved', decidedVia: 'api', text: 'Great point!' });
    expect(event.data.links.page).toBeUndefined();
    await eventAt('/all', all.secret, 'job.succeeded', (data) => data.jobId === jobId);
  });

  it('a DM to a stranger accepted in the sandbox: connection.accepted, lead.connected, dm.sent; then their reply: lead.replied', async () => {
    const sent = await api('POST', '/api/v1/social-selling/dm', {
      apiKey: ws.apiKey,
      body: { user: ws.accounts[0]!.profileUrl, target: person('lead'), message: 'Thanks for connecting' },
    });
    const location = sent.headers.get('location')!;
    await jobInStatus(ws.apiKey, location, ['awaiting_connection']);
    await acceptSandboxInvitations(db, ws.workspaceId, person('lead'));

    const accepted = await eventAt('/all', all.secret, 'connection.accepted', (data) => data.person.profileUrl === person('lead'));
    const connected = await eventAt('/all', all.secret, 'lead.connected', (data) => data.lead.profileUrl === person('lead'));
    const dm = await eventAt('/all', all.secret, 'dm.sent', (data) => data.person.profileUrl === person('lead'));
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(accepted.data).toMatchObject({ jobId: job.jobId, account: { accountId: ws.accounts[0]!.accountId }, seenBy: 'watch' });
    expect(connected.data).toMatchObject({
      jobId: job.jobId,
      jobType: 'dm',
      account: { accountId: ws.accounts[0]!.accountId },
      connectedAt: expect.any(String),
    });
    expect(dm.data).toMatchObject({ jobId: job.jobId, text: 'Thanks for connecting', connection: 'accepted_invitation' });

    // The person answers: the provider's message webhook in its documented shape, as Unipile posts it
    // (no content type: tests/helpers/fake-unipile.ts), delivered twice; then a message of an
    // attachment only, its text null.
    const message = {
      ...messageReceivedExample,
      account_id: ws.accounts[0]!.providerAccountId,
      chat_id: 'chat-1',
      message_id: `msg-${ws.workspaceId}`,
      message: 'Happy to chat next week',
      timestamp: new Date().toISOString(),
      sender: { ...messageReceivedExample.sender, attendee_provider_id: connected.data.lead.providerId, attendee_name: 'The Lead' },
    };
    const headers = { 'x-webhook-secret': process.env.UNIPILE_WEBHOOK_SECRET ?? '' };
    const url = `${apiBaseUrl()}/api/v1/webhooks/unipile`;
    const calls = await Promise.all([1, 2].map(() => postAsWebhook(url, headers, message)));
    expect(calls.map((call) => call.status)).toEqual([200, 200]);
    const attachment = await postAsWebhook(url, headers, {
      ...message,
      message_id: `attachment-${ws.workspaceId}`,
      message: attachmentOnlyMessageExample.message,
      sender: { ...message.sender, attendee_name: null },
    });
    expect(attachment.status).toBe(200);

    const replied = await eventAt('/all', all.secret, 'lead.replied', (data) => data.lead.profileUrl === person('lead'));
    expect(replied.data).toMatchObject({
      jobId: job.jobId,
      message: { id: message.message_id, text: 'Happy to chat next week', chatId: 'chat-1' },
    });
    const attachmentReply = await eventAt('/all', all.secret, 'lead.replied', (data) => data.message.id === `attachment-${ws.workspaceId}`);
    expect(attachmentReply.data.message).toMatchObject({ text: '', chatId: 'chat-1' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // The repeated delivery reported nothing more: one event per message.
    expect(receiver.events('/all', all.secret).filter((event) => event.type === 'lead.replied')).toHaveLength(2);
  });

  it('lead.connected for a connection request, with the email given, when the provider reports the acceptance', async () => {
    const sent = await api('POST', '/api/v1/social-selling/connect', {
      apiKey: ws.apiKey,
      body: { user: ws.accounts[0]!.profileUrl, target: person('invitee'), email: 'invitee@example.com' },
    });
    const job = await jobInStatus(ws.apiKey, sent.headers.get('location')!, finalJobStatuses);
    const invitation = (await listSandboxActions(db, ws.workspaceId)).find(
      (action) => action.type === 'invite' && action.target.includes(`${ws.workspaceId}-invitee`),
    );
    const providerId = String(invitation?.details.providerId);
    // Unipile's new_relation in its documented shape, posted as Unipile posts it (no content type).
    const relation = {
      ...newRelationExample,
      account_id: ws.accounts[0]!.providerAccountId,
      user_provider_id: providerId,
      user_public_identifier: `${ws.workspaceId}-invitee`,
      user_profile_url: `https://www.linkedin.com/in/${ws.workspaceId}-invitee/`,
    };

    const reported = await postAsWebhook(
      `${apiBaseUrl()}/api/v1/webhooks/unipile`,
      {
        'x-webhook-secret': process.env.UNIPILE_WEBHOOK_SECRET ?? '',
      },
      relation,
    );
    expect(reported.status).toBe(200);

    const connected = await eventAt('/all', all.secret, 'lead.connected', (data) => data.lead.profileUrl === person('invitee'));
    expect(connected.data).toMatchObject({ jobId: job.jobId, jobType: 'connect', lead: { email: 'invitee@example.com', providerId } });
  });

  it('lead.connected for a connection request accepted in the sandbox, seen by the connection watch, once', async () => {
    const sent = await api('POST', '/api/v1/social-selling/connect', {
      apiKey: ws.apiKey,
      body: { user: ws.accounts[0]!.profileUrl, target: person('accepter') },
    });
    const job = await jobInStatus(ws.apiKey, sent.headers.get('location')!, finalJobStatuses);
    await acceptSandboxInvitations(db, ws.workspaceId, person('accepter'));

    const connected = await eventAt('/all', all.secret, 'lead.connected', (data) => data.lead.profileUrl === person('accepter'));
    expect(connected.data).toMatchObject({
      jobId: job.jobId,
      jobType: 'connect',
      account: { accountId: ws.accounts[0]!.accountId },
      connectedAt: expect.any(String),
    });

    // The provider's webhook, late, and the watch's later runs report nothing more.
    const relation = {
      event: 'new_relation',
      account_id: ws.accounts[0]!.providerAccountId,
      user_provider_id: connected.data.lead.providerId,
      user_public_identifier: `${ws.workspaceId}-accepter`,
    };
    const late = await api('POST', '/api/v1/webhooks/unipile', {
      body: relation,
      headers: { 'x-webhook-secret': process.env.UNIPILE_WEBHOOK_SECRET ?? '' },
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(late.body).toMatchObject({ handled: true, leads: 0 });
    expect(
      receiver
        .events('/all', all.secret)
        .filter((event) => event.type === 'lead.connected' && event.data.lead.profileUrl === person('accepter')),
    ).toHaveLength(1);
  });

  it('transcript.analysed when a transcript is analysed', async () => {
    const callId = `call-${ws.workspaceId}`;
    const added = await api('POST', '/api/v1/transcript/add', {
      apiKey: ws.apiKey,
      body: {
        title: 'Discovery call',
        call_id: callId,
        call_start_time: '2026-11-20T15:00:00Z',
        url: 'https://calls.example.com/1',
        participants: ['ana@acme-sales.example', 'bo@customer.example'],
        format: 'plaintext',
        transcript:
          'Ana: How do you handle onboarding today?\nBo: Honestly it takes us weeks and the price of our current tool is too high.',
      },
    });
    expect(added.status).toBe(202);

    const event = await eventAt('/all', all.secret, 'transcript.analysed', (data) => data.callId === callId);
    // Untimed plaintext: the duration is estimated, and the event says so.
    expect(event.data).toMatchObject({ durationSource: 'estimated_from_words', timedShare: 0 });
    expect(event.data).toMatchObject({
      title: 'Discovery call',
      status: 'analysed',
      words: expect.any(Number),
      ideas: expect.any(Number),
      links: { transcript: expect.stringContaining(`/api/v1/transcript/${callId}`) },
    });
  });
});

describe('delivery', () => {
  it('retries a receiver that fails, until it recovers: the same webhook-id each time, received once after dedupe', async () => {
    receiver.answer('/flaky', (nth) => (nth <= 2 ? 503 : 200));
    const flaky = await subscribe('/flaky', ['job.succeeded']);

    await api('POST', `/api/v1/webhooks/${flaky.webhookId}/test`, { apiKey: ws.apiKey });
    await eventually(
      async () => (receiver.at('/flaky').some((delivery) => delivery.answered === 200) ? true : undefined),
      BACKGROUND_WORK_TIMEOUT_MS,
      'the third attempt',
    );

    const attempts = receiver.at('/flaky');
    expect(attempts.map((delivery) => delivery.answered)).toEqual([503, 503, 200]);
    expect(new Set(attempts.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
    expect(receiver.events('/flaky', flaky.secret)).toHaveLength(1);
    const deliveries = await eventually(async () => {
      const listed = await api('GET', `/api/v1/webhooks/${flaky.webhookId}/deliveries`, { apiKey: ws.apiKey });
      const [latest] = listed.body.items as EventData[];
      return latest?.status === 'succeeded' ? latest : undefined;
    });
    expect(deliveries.attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([503, 503, 200]);
    expect(deliveries.attempts[0]).toMatchObject({
      ok: false,
      error: 'http_status',
      latencyMs: expect.any(Number),
      responseExcerpt: 'receiver is down',
    });
    const webhook = await api('GET', `/api/v1/webhooks/${flaky.webhookId}`, { apiKey: ws.apiKey });
    expect(webhook.body).toMatchObject({ status: 'enabled' });
    expect(webhook.body.failingSince).toBeUndefined();
  });

  it('disables an endpoint that keeps failing, says so with webhook.disabled, and a failed delivery can be re-sent once it is back', async () => {
    receiver.answer('/down', 500);
    const down = await subscribe('/down', ['job.succeeded']);

    await api('POST', `/api/v1/webhooks/${down.webhookId}/test`, { apiKey: ws.apiKey });
    const disabled = await eventAt('/all', all.secret, 'webhook.disabled', (data) => data.webhookId === down.webhookId, 40_000);
    expect(disabled.data).toMatchObject({ url: receiver.url('/down'), reason: 'failing', failingSince: expect.any(String) });
    expect((await api('GET', `/api/v1/webhooks/${down.webhookId}`, { apiKey: ws.apiKey })).body).toMatchObject({
      status: 'disabled',
      disabledReason: 'failing',
    });
    const failed = await eventually(async () => {
      const listed = await api('GET', `/api/v1/webhooks/${down.webhookId}/deliveries`, { apiKey: ws.apiKey });
      const [latest] = listed.body.items as EventData[];
      return latest?.status === 'failed' ? latest : undefined;
    }, 40_000);
    expect(failed.failureReason).toMatch(/endpoint_disabled|retries_exhausted/);
    expect((await api('POST', `/api/v1/webhooks/${down.webhookId}/test`, { apiKey: ws.apiKey })).status).toBe(409);

    // Back up: enabled again, the failed delivery re-sent with the same id.
    receiver.answer('/down', 200);
    expect((await api('PATCH', `/api/v1/webhooks/${down.webhookId}`, { apiKey: ws.apiKey, body: { enabled: true } })).body).toMatchObject({
      status: 'enabled',
    });
    const resent = await api('POST', `/api/v1/webhooks/${down.webhookId}/deliveries/${failed.deliveryId}/resend`, { apiKey: ws.apiKey });
    expect(resent.status).toBe(202);
    await eventually(
      async () => (receiver.at('/down').some((delivery) => delivery.answered === 200) ? true : undefined),
      BACKGROUND_WORK_TIMEOUT_MS,
      'the re-sent delivery',
    );
    expect(receiver.events('/down', down.secret).map((event) => event.id)).toEqual([failed.eventId]);
    expect(
      (await api('POST', `/api/v1/webhooks/${down.webhookId}/deliveries/${failed.deliveryId}/resend`, { apiKey: ws.apiKey })).status,
    ).toBe(409);
  });
});
