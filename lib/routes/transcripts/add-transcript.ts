import { transcriptRequestSchema } from '../../schemas/transcript';
import { transcriptLimits } from '../../schemas/transcript-limits';
import { defineRoute, jsonBody } from '../../http/route';

export const addTranscript = defineRoute({
  name: 'addTranscript',
  method: 'POST',
  path: '/api/v1/transcript/add',
  auth: 'api-key',
  tag: 'Transcripts',
  summary: "Add a sales call's transcript, to be analysed",
  description:
    "Three forms: an array of strings, an array of segment objects (with word timestamps; the two may be mixed), or `format: plaintext` with one string. Stored, then analysed in the background for metrics and grounded content ideas. Body limit 5 MiB. A segment's `speaker.type` may be any text: `internal` and `external` state the side, another value states none and is named in the answer's `warnings`.",
  body: jsonBody(transcriptRequestSchema, transcriptLimits.bodyBytes),
  responses: {
    202: {
      description:
        'Accepted: the transcript (`status: queued`), to follow at `Location`, with `warnings` when the request is read in a way that may surprise.',
      json: 'Transcript',
      headers: ['Location'],
    },
    200: {
      description:
        'This `call_id` was already sent with the same content: the transcript as it now is. While it is still `queued`, it is queued again (its first message may have been lost; the worker runs one analysis at a time, so a duplicate changes nothing); otherwise nothing is enqueued.',
      json: 'Transcript',
      headers: ['Location'],
    },
    409: {
      description: 'The workspace has a transcript with this `call_id` and other content (the first is kept).',
      problems: ['transcript-exists'],
    },
  },
  deployment: {
    permissions: { sendsTo: ['transcripts'], transcriptObjects: ['PutObject', 'DeleteObject'] },
    memorySize: 1024,
    timeout: 29,
    bundle: { bytes: 1090560, zipBytes: 318464 },
  },
});
