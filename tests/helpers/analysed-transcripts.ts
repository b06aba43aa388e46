import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyseTranscriptMessage } from '../../lib/queue/messages';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import { validate } from '../../lib/schemas/validate';
import type { Db } from '../../lib/store/client';
import { defaultS3 } from '../../lib/store/s3-client';
import type { Transcript } from '../../lib/store/transcripts';
import { getTranscript } from '../../lib/store/transcripts';
import { acceptTranscript } from '../../lib/transcripts/accept-transcript';
import { analyseStoredTranscript } from '../../lib/transcripts/analyse-stored-transcript';
import { createTestQueue, drainQueue, testSqs } from './factories';

const fixtures = join(__dirname, '..', 'fixtures', 'transcripts');

/** The realistic sales call: a request with segment objects (word times), and the same call's plaintext (`[hh:mm:ss] Name: text` lines). */
export function salesCallFixture(): { json: Record<string, unknown>; text: string } {
  return {
    json: JSON.parse(readFileSync(join(fixtures, 'sales-call.json'), 'utf8')) as Record<string, unknown>,
    text: readFileSync(join(fixtures, 'sales-call.txt'), 'utf8'),
  };
}

let queue: Promise<string> | undefined;

/**
 * A transcript stored and analysed the way the service does it, against the stack's DynamoDB and
 * S3: the request validated and accepted as the add endpoint does (its message on a queue of this
 * helper's own, which no worker reads), then analysed by the worker's use case with the embedded
 * analyser. With `analyse: false` it stays `queued`.
 */
export async function addAnalysedTranscript(
  db: Db,
  workspaceId: string,
  body: Record<string, unknown>,
  options: { analyse?: boolean } = {},
): Promise<Transcript> {
  const sqs = testSqs();
  const s3 = defaultS3();
  const bucket = process.env.TRANSCRIPTS_BUCKET;
  if (!bucket) throw new Error('TRANSCRIPTS_BUCKET is not set: integration tests run under the jest global setup (npm test)');
  queue ??= createTestQueue(sqs, 'analysed-transcripts');
  const queueUrl = await queue;
  const request = validate(transcriptRequestSchema, body);
  await acceptTranscript({ db, s3, sqs, bucket, queueUrl }, workspaceId, request, new Date());
  const message = (await drainQueue(sqs, queueUrl))
    .map((queued) => queued.json as AnalyseTranscriptMessage)
    .find((queued) => queued.workspaceId === workspaceId && queued.callId === request.call_id);
  if (!message) throw new Error(`no analysis message for ${request.call_id}`);
  if (options.analyse !== false) await analyseStoredTranscript({ db, s3, bucket, analyser: { name: 'embedded' } }, message);
  const transcript = await getTranscript(db, workspaceId, request.call_id);
  if (!transcript || transcript.status !== (options.analyse === false ? 'queued' : 'analysed'))
    throw new Error(`transcript ${request.call_id} is ${transcript?.status ?? 'missing'}`);
  return transcript;
}
