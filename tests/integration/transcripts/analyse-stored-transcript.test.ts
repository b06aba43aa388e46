import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { S3Client } from '@aws-sdk/client-s3';
import type { AnalyseTranscriptMessage } from '../../../lib/queue/messages';
import { validate } from '../../../lib/schemas/validate';
import { transcriptRequestSchema } from '../../../lib/schemas/transcript';
import { defaultS3 } from '../../../lib/store/s3-client';
import { keys } from '../../../lib/store/keys';
import { getTranscript } from '../../../lib/store/transcripts';
import { newId } from '../../../lib/ids';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import { createWebhook, type WebhookEndpoint } from '../../../lib/store/webhooks';
import { analysisSchema } from '../../../lib/transcripts/model/analysis';
import { acceptTranscript } from '../../../lib/transcripts/accept-transcript';
import type { AnalyseTranscriptDeps } from '../../../lib/transcripts/analyse-stored-transcript';
import {
  ANALYSIS_LEASE_SECONDS,
  analyseStoredTranscript,
  failTranscriptOfUnreadableMessage,
} from '../../../lib/transcripts/analyse-stored-transcript';
import { newSigningSecret } from '../../../lib/webhooks/signature';
import { createTestQueue, createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';

/**
 * The transcripts worker's use case against the local DynamoDB, S3 and SQS: it analyses what was
 * stored, once; content that is gone or changed ends the transcript failed at once; an error on
 * the last delivery ends it failed too (the message then goes to the DLQ).
 */
const db = testDb();
const sqs = testSqs();
const s3 = defaultS3();
const bucket = process.env.TRANSCRIPTS_BUCKET!;
let queueUrl: string;
let ws: TestWorkspace;
let deps: AnalyseTranscriptDeps;

beforeAll(async () => {
  queueUrl = await createTestQueue(sqs, 'analyse-transcripts');
  ws = await createTestWorkspace(db, { accounts: 0, groups: {}, settings: { emailDomains: ['acme-sales.example'] } });
  deps = { db, s3, bucket, analyser: { name: 'embedded' } };
});

let sequence = 0;
/** Accepts a transcript as the endpoint does and returns the message it queued. */
async function submit(transcript: string | unknown[] = defaultTranscript, workspaceId = ws.workspaceId): Promise<AnalyseTranscriptMessage> {
  sequence++;
  const request = validate(transcriptRequestSchema, {
    title: 'Discovery call',
    call_id: `worker-${Date.now()}-${sequence}`,
    call_start_time: '2026-11-20T15:00:00Z',
    url: 'https://calls.example.com/r/1',
    participants: ['sam@acme-sales.example', 'jane.doe@globex.example'],
    format: typeof transcript === 'string' ? 'plaintext' : 'array',
    transcript,
  });
  await acceptTranscript({ db, s3, sqs, bucket, queueUrl }, workspaceId, request, new Date());
  const [message] = await drainQueue(sqs, queueUrl);
  return message!.json as AnalyseTranscriptMessage;
}

const defaultTranscript = [
  {
    words: [
      { text: 'Thanks ', startTimestamp: 0, endTimestamp: 0.4 },
      { text: 'for ', startTimestamp: 0.4, endTimestamp: 0.6 },
      { text: 'joining. ', startTimestamp: 0.6, endTimestamp: 1 },
      { text: 'What ', startTimestamp: 1.2, endTimestamp: 1.4 },
      { text: 'is ', startTimestamp: 1.4, endTimestamp: 1.5 },
      { text: 'slowing ', startTimestamp: 1.5, endTimestamp: 1.9 },
      { text: 'your ', startTimestamp: 1.9, endTimestamp: 2.1 },
      { text: 'team ', startTimestamp: 2.1, endTimestamp: 2.4 },
      { text: 'down?', startTimestamp: 2.4, endTimestamp: 2.8 },
    ],
    speaker: { name: 'Sam Seller', type: 'internal', email: 'sam@acme-sales.example' },
  },
  'Jane Doe: Our reps waste hours every week copying call notes into spreadsheets by hand.',
  'Jane Doe: How long does it take to connect your product to Salesforce for a team of forty reps?',
  'Jane Doe: Honestly it sounds too expensive compared to what we pay for our current tool.',
];

describe('analyseStoredTranscript', () => {
  it('analyses the stored transcript: metrics and grounded ideas, sides from the workspace domain and participants', async () => {
    const message = await submit();

    await analyseStoredTranscript(deps, message);

    const stored = await getTranscript(db, ws.workspaceId, message.callId);
    expect(stored).toMatchObject({ status: 'analysed', attempts: 1 });
    const analysis = analysisSchema.parse(stored!.analysis);
    expect(analysis.analyser).toEqual({ name: 'embedded', version: expect.any(String) });
    expect(analysis.metrics.sides.internal.words).toBe(9);
    expect(analysis.metrics.sides.external.words).toBeGreaterThan(30);
    expect(analysis.metrics.speakers.map((speaker) => [speaker.name, speaker.side])).toEqual(
      expect.arrayContaining([
        ['Sam Seller', 'internal'],
        ['Jane Doe', 'external'],
      ]),
    );
    const kinds = analysis.ideas.map((idea) => idea.kind);
    expect(kinds).toEqual(expect.arrayContaining(['customer_question', 'objection', 'pain_point']));
    const text = defaultTranscript
      .map((element) => (typeof element === 'string' ? element : element.words.map((w) => w.text).join('')))
      .join('\n');
    for (const idea of analysis.ideas) for (const evidence of idea.evidence) expect(text).toContain(evidence.quote);
  });

  it('does not give the timed segment’s span as the duration when strings without times are mixed in, and says timing is partial', async () => {
    const message = await submit();

    await analyseStoredTranscript(deps, message);

    const analysis = analysisSchema.parse((await getTranscript(db, ws.workspaceId, message.callId))!.analysis);
    // 2.8 s timed (9 words), then 44 untimed words after it at 150 words a minute (17.6 s).
    expect(analysis.metrics).toMatchObject({
      durationSource: 'partial_timestamps',
      timedShare: 0.17,
      durationSeconds: 20.4,
      shareBasis: 'words',
    });
    expect(analysis.warnings).toEqual([expect.stringMatching(/^Timestamps cover only part of the call \(17% of its words/)]);
  });

  it('does nothing on a duplicate delivery of an analysed transcript', async () => {
    const message = await submit();
    await analyseStoredTranscript(deps, message);
    const first = await getTranscript(db, ws.workspaceId, message.callId);

    await analyseStoredTranscript(deps, message);

    expect(await getTranscript(db, ws.workspaceId, message.callId)).toEqual(first);
  });

  it('ends the transcript failed, without retrying, when the stored content is not what was submitted', async () => {
    const message = await submit();
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: message.objectKey, Body: '{"transcript":"tampered"}' }));

    await analyseStoredTranscript(deps, message);

    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({
      status: 'failed',
      failure: { reason: 'integrity_check_failed', detail: expect.any(String) },
    });
  });

  it('ends the transcript failed when its content is gone', async () => {
    const message = await submit();

    await analyseStoredTranscript(deps, { ...message, objectKey: `${message.objectKey}.gone` });

    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({
      status: 'failed',
      failure: { reason: 'content_missing' },
    });
  });

  it('lets the queue retry an unexpected error, and ends the transcript failed on the last delivery', async () => {
    const message = await submit();
    // S3 unreachable: a fault injected at the client.
    const down = new S3Client({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const faulty = { ...deps, s3: down };

    // The deliveries of one queue message: the same SQS message id each time.
    await expect(analyseStoredTranscript(faulty, message, 1, 'message-1')).rejects.toThrow();
    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({ status: 'analysing', attempts: 1 });
    await expect(analyseStoredTranscript(faulty, message, 5, 'message-1')).rejects.toThrow();
    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({
      status: 'failed',
      attempts: 2,
      failure: { reason: 'internal_error' },
    });

    // A redrive from the dead-letter queue may still analyse it.
    await analyseStoredTranscript(deps, message, 1);
    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({ status: 'analysed', attempts: 3 });
    expect((await getTranscript(db, ws.workspaceId, message.callId))!.failure).toBeUndefined();
  });

  it('tells of a redriven transcript analysed without the failure it had', async () => {
    const { workspaceId } = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const at = new Date().toISOString();
    const endpoint: WebhookEndpoint = {
      workspaceId,
      webhookId: newId('wh'),
      url: 'https://93.184.215.14/hooks/transcripts',
      events: ['transcript.analysed', 'transcript.failed'],
      status: 'enabled',
      secret: newSigningSecret(),
      createdAt: at,
      updatedAt: at,
    };
    await createWebhook(db, endpoint);
    const message = await submit(defaultTranscript, workspaceId);
    const down = new S3Client({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    await expect(analyseStoredTranscript({ ...deps, s3: down }, message, 5)).rejects.toThrow();

    await analyseStoredTranscript(deps, message, 1);

    const events = (await listDeliveries(db, workspaceId, endpoint.webhookId, 10)).items.map((delivery) => delivery.event);
    expect(events.map((event) => [event.type, 'status' in event.data ? event.data.status : undefined])).toEqual(
      expect.arrayContaining([
        ['transcript.failed', 'failed'],
        ['transcript.analysed', 'analysed'],
      ]),
    );
    expect(events.find((event) => event.type === 'transcript.analysed')!.data).not.toHaveProperty('failure');
  });

  it('starts one analysis at a time: a duplicate message finds it being analysed and is dropped; a run that died is taken over when its lease ends', async () => {
    const message = await submit();
    const down = new S3Client({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    // A run of the first message, still holding the transcript (its error is retried by its own message).
    await expect(analyseStoredTranscript({ ...deps, s3: down }, message, 1, 'first')).rejects.toThrow();

    // Another message for the same content (a resend while queued) is dropped, not a second run.
    await analyseStoredTranscript(deps, message, 1, 'second');
    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({ status: 'analysing', attempts: 1 });

    // Past the lease the holder is taken to have died: the other message's run takes it over.
    const started = new Date(Date.now() - (ANALYSIS_LEASE_SECONDS + 1) * 1000).toISOString();
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.transcript(ws.workspaceId, message.callId),
        UpdateExpression: 'SET updatedAt = :at',
        ExpressionAttributeValues: { ':at': started },
      }),
    );
    await analyseStoredTranscript(deps, message, 1, 'second');
    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({ status: 'analysed', attempts: 2 });
  });

  it('ends failed the transcript an unreadable message still names', async () => {
    const message = await submit();

    await failTranscriptOfUnreadableMessage({ db }, { workspaceId: message.workspaceId, callId: message.callId, contentHash: 'nope' });

    expect(await getTranscript(db, ws.workspaceId, message.callId)).toMatchObject({
      status: 'failed',
      failure: { reason: 'unreadable_message' },
    });
  });

  it('analyses plaintext with timestamps: speakers, sides and times', async () => {
    const message = await submit(
      '[00:00:01] Sam Seller: What made you look at us?\n[00:00:05] Jane Doe: We lose deals because reps forget to follow up.\n[00:00:12] Jane Doe: Does it work with HubSpot as well as Salesforce?',
    );

    await analyseStoredTranscript(deps, message);

    const analysis = (await getTranscript(db, ws.workspaceId, message.callId))!.analysis!;
    expect(analysis.metrics.durationSource).toBe('timestamps');
    expect(analysis.metrics.speakers.find((speaker) => speaker.name === 'Jane Doe')).toMatchObject({
      side: 'external',
      email: 'jane.doe@globex.example',
    });
    const question = analysis.ideas.find((idea) => idea.kind === 'customer_question');
    expect(question?.evidence[0]).toMatchObject({
      quote: 'Does it work with HubSpot as well as Salesforce?',
      speaker: 'Jane Doe',
      side: 'external',
      start: 12,
      timestamp: '00:00:12',
    });
  });
});
