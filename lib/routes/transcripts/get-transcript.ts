import { defineRoute } from '../../http/route';
import { transcriptViewQuerySchema } from '../../schemas/transcript-view-query';
import { callId } from './parts';

export const getTranscript = defineRoute({
  name: 'getTranscript',
  method: 'GET',
  path: '/api/v1/transcript/{call_id}',
  auth: 'api-key',
  tag: 'Transcripts',
  summary: 'A transcript, with its metrics, best content ideas and their post drafts once analysed',
  description:
    "`status`: `queued` → `analysing` → `analysed` (with `analyser`, `metrics`, `ideas`, `nextSteps`, and `warnings` when there are any: e.g. timestamps that cover only part of the call, `durationSource` `partial_timestamps`) or `failed` (with `failure`). `ideas` lists the call's best ideas by default: at most 8, diverse in kind, never a next step, each with a post `draft` that names none of the call's people, companies, emails or domains (what was masked is listed beside it); `?ideas=all` lists every idea found. Once analysed, `links.report` is the call's report page, a signed link to share (30 days). Another workspace's call id is a 404.",
  pathParameters: callId,
  query: transcriptViewQuerySchema,
  responses: {
    200: { description: 'The transcript.', json: 'Transcript' },
    404: { description: 'No transcript with this call id in this workspace.', problems: ['not-found'] },
  },
  deployment: {
    permissions: { secrets: ['reportLinkSecret'] },
    bundle: { bytes: 1044480, zipBytes: 295936 },
  },
});
