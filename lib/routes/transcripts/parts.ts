/** What the transcripts routes' definitions share: their words on a parameter or an answer. */
export const callId = { call_id: { description: 'The `call_id` the transcript was added with.', example: 'gong-7781' } };
