import { transcriptListSchema, transcriptViewSchema } from '../../schemas/responses/transcript';
import { routeTable } from '../../http/routes';
import { transcriptRequestSchema } from '../../schemas/transcript';
import { transcriptLimits } from '../../schemas/transcript-limits';
import { transcriptListQuerySchema } from '../../schemas/transcript-list-query';
import type { OperationSpec } from './operation';
import { jsonBody } from './operation';

const callId = { call_id: { description: 'The `call_id` the transcript was added with.', example: 'gong-7781' } };

export const transcriptOperations: OperationSpec[] = [
  {
    ...routeTable.addTranscript,
    tag: 'Transcripts',
    summary: "Add a sales call's transcript, to be analysed",
    description:
      "Three forms: an array of strings, an array of segment objects (with word timestamps; the two may be mixed), or `format: plaintext` with one string. Stored, then analysed in the background for metrics and grounded content ideas. Body limit 5 MiB. A segment's `speaker.type` may be any text: `internal` and `external` state the side, another value states none and is named in the answer's `warnings`.",
    body: jsonBody(transcriptRequestSchema, transcriptLimits.bodyBytes),
    responses: {
      202: {
        description:
          'Accepted: the transcript (`status: queued`), to follow at `Location`, with `warnings` when the request is read in a way that may surprise.',
        json: transcriptViewSchema,
        headers: ['Location'],
      },
      200: {
        description:
          'This `call_id` was already sent with the same content: the transcript as it now is. While it is still `queued`, it is queued again (its first message may have been lost; the worker runs one analysis at a time, so a duplicate changes nothing); otherwise nothing is enqueued.',
        json: transcriptViewSchema,
        headers: ['Location'],
      },
      409: {
        description: 'The workspace has a transcript with this `call_id` and other content (the first is kept).',
        problems: ['transcript-exists'],
      },
    },
  },
  {
    ...routeTable.getTranscript,
    tag: 'Transcripts',
    summary: 'A transcript, with its metrics and content ideas once analysed',
    description:
      "`status`: `queued` → `analysing` → `analysed` (with `analyser`, `metrics`, `ideas`, and `warnings` when there are any: e.g. timestamps that cover only part of the call, `durationSource` `partial_timestamps`) or `failed` (with `failure`). Once analysed, `links.report` is the call's report page, a signed link to share (30 days). Another workspace's call id is a 404.",
    pathParameters: callId,
    responses: {
      200: { description: 'The transcript.', json: transcriptViewSchema },
      404: { description: 'No transcript with this call id in this workspace.', problems: ['not-found'] },
    },
  },
  {
    ...routeTable.getTranscriptReport,
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
  },
  {
    ...routeTable.showTranscriptReport,
    tag: 'Report page',
    summary: "A transcript's report page, for a person",
    description:
      'The link a transcript gives once analysed (`links.report`), to share: the same page as `GET /api/v1/transcript/{call_id}/report`. Its token is signed (HMAC-SHA256 under `REPORT_LINK_SECRET`) and names the workspace, the call and an expiry (`REPORT_LINK_EXPIRY_SECONDS`, 30 days); it opens that one page until then, as often as wanted. Strict Content-Security-Policy, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`. No api key: the link is the secret.',
    page: true,
    pathParameters: {
      token: {
        description: "The link's signed token: `r1.<payload>.<signature>`. A secret, as the link is: it is never logged.",
        example: 'r1.eyJ3IjoiZGVtbyIsImMiOiJnb25nLTc3ODEiLCJlIjoxNzk5OTk5OTk5fQ.hq0i3nm1xH0c4ihx2n8X9tJqS7wHjvG1a0sZb6mLQ2c',
      },
    },
    responses: {
      200: { description: 'The report page.', html: true, headers: ['Content-Security-Policy'] },
      404: {
        description: 'The link is not valid (malformed, forged or altered token, or its call is gone): a page that reveals nothing.',
        html: true,
      },
      409: { description: 'The call has no report (its analysis failed): a page saying so.', html: true },
      410: { description: 'The link has expired: a page saying so, and where a new one comes from.', html: true },
    },
  },
  {
    ...routeTable.listTranscripts,
    tag: 'Transcripts',
    summary: "The workspace's transcripts, newest call first",
    description: 'A page at a time, without the analyses; follow `links.next` (absent on the last page).',
    query: transcriptListQuerySchema,
    responses: { 200: { description: 'A page of transcripts.', json: transcriptListSchema } },
  },
];
