import { defineRoute } from '../../http/route';
import { callId } from './parts';

export const getTranscript = defineRoute({
  name: 'getTranscript',
  method: 'GET',
  path: '/api/v1/transcript/{call_id}',
  auth: 'api-key',
  tag: 'Transcripts',
  summary: 'A transcript, with its metrics and content ideas once analysed',
  description:
    "`status`: `queued` → `analysing` → `analysed` (with `analyser`, `metrics`, `ideas`, and `warnings` when there are any: e.g. timestamps that cover only part of the call, `durationSource` `partial_timestamps`) or `failed` (with `failure`). Once analysed, `links.report` is the call's report page, a signed link to share (30 days). Another workspace's call id is a 404.",
  pathParameters: callId,
  responses: {
    200: { description: 'The transcript.', json: 'Transcript' },
    404: { description: 'No transcript with this call id in this workspace.', problems: ['not-found'] },
  },
  deployment: {
    permissions: { secrets: ['reportLinkSecret'] },
    bundle: { bytes: 1044480, zipBytes: 295936 },
  },
});
