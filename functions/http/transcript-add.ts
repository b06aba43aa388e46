import { httpEndpoint } from '../../lib/http/endpoint';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import { transcriptLimits } from '../../lib/schemas/transcript-limits';
import { acceptTranscript } from '../../lib/transcripts/accept-transcript';
import { defaultAcceptTranscriptDeps } from '../../lib/transcripts/accept-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultAcceptTranscriptDeps();

export const handler = httpEndpoint({
  route: routeTable.addTranscript,
  body: transcriptRequestSchema,
  maxBodyBytes: transcriptLimits.bodyBytes,
  handle: ({ workspaceId, body, now }) => acceptTranscript(deps, workspaceId, body, now),
});
