import { defineRoute } from '../../http/route';
import { transcriptListQuerySchema } from '../../schemas/transcript-list-query';

export const listTranscripts = defineRoute({
  name: 'listTranscripts',
  method: 'GET',
  path: '/api/v1/transcripts',
  auth: 'api-key',
  tag: 'Transcripts',
  summary: "The workspace's transcripts, newest call first",
  description: 'A page at a time, without the analyses; follow `links.next` (absent on the last page).',
  query: transcriptListQuerySchema,
  responses: { 200: { description: 'A page of transcripts.', json: 'TranscriptList' } },
  deployment: {
    permissions: { queries: ['gsi1'] },
    bundle: { bytes: 825344, zipBytes: 246784 },
  },
});
