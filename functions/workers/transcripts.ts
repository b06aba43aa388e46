import { analyseTranscriptMessageSchema } from '../../lib/queue/messages';
import { sqsWorker } from '../../lib/queue/sqs-worker';
import { analyseStoredTranscript, failTranscriptOfUnreadableMessage } from '../../lib/transcripts/analyse-stored-transcript';
import { defaultAnalyseTranscriptDeps } from '../../lib/transcripts/analyse-deps';

const deps = defaultAnalyseTranscriptDeps();

export const handler = sqsWorker({
  queue: 'transcripts',
  schema: analyseTranscriptMessageSchema,
  handle: (message, record) =>
    analyseStoredTranscript(deps, message, Number(record.attributes.ApproximateReceiveCount || 1), record.messageId),
  onPoison: (raw) => failTranscriptOfUnreadableMessage(deps, raw),
});
