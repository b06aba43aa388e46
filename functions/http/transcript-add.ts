import { httpEndpoint } from '../../lib/http/endpoint';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import { transcriptLimits } from '../../lib/schemas/transcript-limits';
import { acceptTranscript } from '../../lib/transcripts/accept-transcript';
import { defaultAcceptTranscriptDeps } from '../../lib/transcripts/accept-deps';

const deps = defaultAcceptTranscriptDeps();

export const handler = httpEndpoint({
  route: 'POST /api/v1/transcript/add',
  body: transcriptRequestSchema,
  maxBodyBytes: transcriptLimits.bodyBytes,
  handle: ({ workspaceId, body, now }) => acceptTranscript(deps, workspaceId, body, now),
});
