import { defineRoute } from '../../http/route';
import { callId } from './parts';

export const getTranscriptReport = defineRoute({
  name: 'getTranscriptReport',
  method: 'GET',
  path: '/api/v1/transcript/{call_id}/report',
  auth: 'api-key',
  tag: 'Transcripts',
  summary: "A transcript's report page (HTML)",
  description:
    "The page `links.report` opens, with the api key instead of the link's token: talk time per speaker and side with the talk-to-listen ratio, the call's timeline (who spoke when, the longest monologue, the customer's questions and objections), the content ideas ranked with their quotes (linked to their moment in the recording when `url` is a web link: `#t=<seconds>`), and the transcript with each quote highlighted. A view of the stored analysis; no script, nothing loaded from elsewhere (strict Content-Security-Policy). Another workspace's call id is a 404.",
  pathParameters: callId,
  responses: {
    200: { description: 'The report page.', html: true, headers: ['Content-Security-Policy'] },
    404: { description: 'No transcript with this call id in this workspace.', problems: ['not-found'] },
    409: {
      description: 'The transcript is not analysed (yet, or its analysis failed): it has no report.',
      problems: ['transcript-not-analysed'],
    },
  },
  deployment: {
    permissions: { transcriptObjects: ['GetObject'] },
    memorySize: 1024,
    timeout: 29,
    bundle: { bytes: 1080320, zipBytes: 318464 },
  },
});
