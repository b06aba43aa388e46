import { getConfig } from '../config';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import { defaultS3 } from '../store/s3-client';
import type { AcceptTranscriptDeps } from './accept-transcript';

/**
 * Dependencies of the transcript endpoint as deployed, built once per cold start. Apart from the
 * worker's (analyse-deps.ts), so the endpoint's bundle carries no Bedrock client.
 */
export function defaultAcceptTranscriptDeps(): AcceptTranscriptDeps {
  const config = getConfig();
  return { db: defaultDb(), s3: defaultS3(), sqs: defaultSqs(), bucket: config.TRANSCRIPTS_BUCKET, queueUrl: config.TRANSCRIPTS_QUEUE_URL };
}
