import { httpEndpoint } from '../../lib/http/endpoint';
import { transcriptLocation } from '../../lib/http/links';
import { accepted, ok } from '../../lib/http/http-result';
import { acceptTranscript } from '../../lib/transcripts/accept-transcript';
import { defaultAcceptTranscriptDeps } from '../../lib/transcripts/accept-deps';
import { addTranscript as route } from '../../lib/routes/transcripts/add-transcript';

const deps = defaultAcceptTranscriptDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, body, now }) => {
    const { outcome, view } = await acceptTranscript(deps, workspaceId, body, now);
    const location = transcriptLocation(view.callId);
    // A resend of a transcript it already has is a 200: nothing new was taken on.
    return outcome === 'accepted' ? accepted(view, location) : ok(view, location);
  },
});
