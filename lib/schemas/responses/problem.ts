import * as z from 'zod';

/** One bad field of a request: `path` is dotted (`groups.2`, `query.limit`, `headers.idempotency-key`; `` for the whole body). */
export const fieldErrorSchema = z.strictObject({
  path: z.string().describe('Dotted path of the field: `groups.2`, `query.limit`, `headers.idempotency-key`; empty for the whole body.'),
  message: z.string().describe('What is wrong with it, in words.'),
});

/**
 * RFC 9457 problem details, as every error is answered (`application/problem+json`). Open to
 * extension members (RFC 9457 §3.2): a kind of problem may add its own.
 */
export const problemSchema = z
  .looseObject({
    type: z.string().describe('`/problems/<slug>`: a stable name of the kind of problem (docs/errors.md lists them).'),
    title: z.string().describe('A short summary of the kind of problem.'),
    status: z.number().int().min(400).max(599).describe('The HTTP status, repeated.'),
    detail: z.string().describe('What went wrong with this request, in words.'),
    instance: z.string().optional().describe('The path of the request.'),
    requestId: z.string().describe('Quote it when reporting a problem; also in the `x-request-id` header.'),
    errors: z
      .array(fieldErrorSchema)
      .optional()
      .describe('Validation problems: one entry per bad field (400), or per unusable name (422).'),
    limitBytes: z.number().int().optional().describe('413: the largest body the endpoint accepts.'),
  })
  .describe('RFC 9457 problem details.');

/** A 400 `validation-failed`: `errors` names every bad field. */
export const validationProblemSchema = problemSchema
  .extend({ errors: z.array(fieldErrorSchema).min(1).describe('One entry per bad field (one per unknown field too).') })
  .describe('RFC 9457 problem details of a refused request, naming each bad field.');
