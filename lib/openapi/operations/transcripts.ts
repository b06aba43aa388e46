import { transcriptListSchema, transcriptViewSchema } from '../../schemas/responses/transcript';
import { routeTable } from '../../http/routes';
import { transcriptRequestSchema } from '../../schemas/transcript';
import { transcriptLimits } from '../../schemas/transcript-limits';
import { transcriptListQuerySchema } from '../../schemas/transcript-list-query';
import type { OperationSpec } from './operation';
import { jsonBody } from './operation';

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
      "`status`: `queued` → `analysing` → `analysed` (with `analyser`, `metrics`, `ideas`, and `warnings` when there are any: e.g. timestamps that cover only part of the call, `durationSource` `partial_timestamps`) or `failed` (with `failure`). Another workspace's call id is a 404.",
    pathParameters: { call_id: { description: 'The `call_id` the transcript was added with.', example: 'gong-7781' } },
    responses: {
      200: { description: 'The transcript.', json: transcriptViewSchema },
      404: { description: 'No transcript with this call id in this workspace.', problems: ['not-found'] },
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
