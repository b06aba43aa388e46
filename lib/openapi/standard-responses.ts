import { IDEMPOTENCY_TTL_SECONDS } from '../http/idempotency';
import type { ResponseSpec, Route } from '../http/route';

/**
 * The answers the request pipeline (lib/http/endpoint.ts) gives on every route of a kind, so that
 * each operation lists only its own: an api key's 401, 429 and 503, a body's 400/413/415, an
 * Idempotency-Key's 400/409/422, a query string's 400, and the 500 of a bug.
 */

const internalError: ResponseSpec = {
  description: 'A bug: logged with the request id, no internals in the answer.',
  problems: ['internal-error'],
};

const unavailable: ResponseSpec = {
  description: 'A dependency (DynamoDB, SQS, S3) is unavailable or throttling; nothing was started. Retry after `Retry-After` seconds.',
  problems: ['service-unavailable'],
  headers: ['Retry-After'],
};

const apiKeyErrors: Record<number, ResponseSpec> = {
  401: {
    description: 'No valid `api-key` header: missing, malformed, unknown and revoked keys all get this same answer.',
    problems: ['unauthorized'],
    headers: ['WWW-Authenticate'],
  },
  429: {
    description: "The workspace's request rate limit is reached; retry after `Retry-After` seconds.",
    problems: ['rate-limited'],
    headers: ['Retry-After'],
  },
};

const idempotencyErrors: Record<number, ResponseSpec> = {
  400: {
    description: 'The `Idempotency-Key` header is not 1–255 visible ASCII characters (`errors[].path` = `headers.idempotency-key`).',
    problems: ['validation-failed'],
  },
  409: {
    description: 'The first request with this `Idempotency-Key` is still running; retry shortly.',
    problems: ['idempotency-request-in-progress'],
  },
  422: {
    description: `This \`Idempotency-Key\` was used in the last ${IDEMPOTENCY_TTL_SECONDS / 3600} hours for another request (another body, or another resource's path).`,
    problems: ['idempotency-key-reused'],
  },
};

const queryErrors: Record<number, ResponseSpec> = {
  400: { description: 'A query parameter is not valid; `errors` names each (`query.<name>`).', problems: ['validation-failed'] },
};

function bodyErrors(body: NonNullable<Route['body']>): Record<number, ResponseSpec> {
  const form = body.mediaType === 'application/x-www-form-urlencoded';
  return {
    400: form
      ? { description: 'A form field is not valid.', problems: ['validation-failed'] }
      : {
          description:
            'The body is empty, not JSON, not a JSON object, or breaks a rule; `errors` names every bad or unknown field (`path` `""` is the body itself).',
          problems: ['validation-failed', 'malformed-json'],
        },
    413: {
      description: `The body is over ${body.maxBytes.toLocaleString('en-US')} bytes (\`limitBytes\` says the limit).`,
      problems: ['body-too-large'],
    },
    415: body.anyContentType
      ? {
          description: 'The charset is not UTF-8 (the body is read as JSON whatever the content type).',
          problems: ['unsupported-media-type'],
        }
      : {
          description: `The content type is not \`${body.mediaType}\`${form ? '' : ' (or `+json`)'}, or the charset is not UTF-8.`,
          problems: ['unsupported-media-type'],
          headers: ['Accept-Post'],
        },
  };
}

/** Two answers of one status (an operation's own and the pipeline's) as one. */
function merge(a: ResponseSpec | undefined, b: ResponseSpec): ResponseSpec {
  if (!a) return b;
  if (a.json && b.json && a.json !== b.json) throw new Error(`two JSON bodies for one status: ${a.description} / ${b.description}`);
  const union = <T>(x: readonly T[] = [], y: readonly T[] = []) => [...new Set([...x, ...y])];
  return {
    description: `${a.description} ${b.description}`,
    ...((a.json ?? b.json) ? { json: a.json ?? b.json } : {}),
    ...(a.problems || b.problems ? { problems: union(a.problems, b.problems) } : {}),
    ...(a.html || b.html ? { html: true } : {}),
    ...(a.headers || b.headers ? { headers: union(a.headers, b.headers) } : {}),
  };
}

/** Problems shown as a page: the same statuses, rendered for a person (text/html). */
function asPages(responses: Record<number, ResponseSpec>): Record<number, ResponseSpec> {
  return Object.fromEntries(Object.entries(responses).map(([status, { description }]) => [status, { description, html: true }]));
}

/** Every answer of an operation: its own, then those of the pipeline for its kind (auth, body, query, idempotency). */
export function responsesOf(operation: Route): Record<number, ResponseSpec> {
  const pipeline: Array<Record<number, ResponseSpec>> = [];
  if (operation.auth === 'api-key') pipeline.push(apiKeyErrors);
  if (operation.auth === 'api-key' && operation.method === 'POST') pipeline.push(idempotencyErrors);
  if (operation.body) pipeline.push(bodyErrors(operation.body));
  if (operation.query) pipeline.push(queryErrors);
  // The liveness check and the documentation read nothing that could be down.
  if (operation.tag !== 'Service') pipeline.push({ 503: unavailable });
  pipeline.push({ 500: internalError });

  const out: Record<number, ResponseSpec> = { ...operation.responses };
  for (const set of pipeline) {
    for (const [status, response] of Object.entries(operation.page ? asPages(set) : set)) {
      out[Number(status)] = merge(out[Number(status)], response);
    }
  }
  return out;
}
