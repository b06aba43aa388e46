import { getConfig } from '../config';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import { defaultS3 } from '../store/s3-client';
import { eventDeps } from '../webhooks/emit-event';
import type { IdeasAnalyser } from './analyse-content';
import type { AnalyseTranscriptDeps } from './analyse-stored-transcript';
import { createBedrockClient } from './ideas/bedrock-ideas';

/** Dependencies of the transcripts worker as deployed: built once per cold start from the configuration. */
export function defaultAnalyseTranscriptDeps(): AnalyseTranscriptDeps {
  const config = getConfig();
  const analyser: IdeasAnalyser =
    config.TRANSCRIPT_ANALYSER === 'bedrock'
      ? {
          name: 'bedrock',
          modelId: config.BEDROCK_MODEL_ID,
          timeoutMs: config.BEDROCK_TIMEOUT_MS,
          maxTranscriptChars: config.BEDROCK_MAX_TRANSCRIPT_CHARS,
          client: createBedrockClient(config),
        }
      : { name: 'embedded' };
  return { db: defaultDb(), s3: defaultS3(), bucket: config.TRANSCRIPTS_BUCKET, analyser, ...eventDeps(config), sqs: defaultSqs() };
}
