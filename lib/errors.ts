/**
 * Typed errors, in one place. Those answered to a caller extend HttpError: the HTTP pipeline maps
 * each to problem+json once (`lib/http/problem.ts`); anything else that reaches it is an
 * unexpected 500. The others, at the end of this file, steer work inside the service (a retry, a
 * deferral, a dead letter) and never reach a caller as they are.
 */

export interface FieldError {
  /** Dotted path of the offending field, e.g. `groups.2` or `reactionType`; `` for the whole body. */
  path: string;
  message: string;
}

export class HttpError extends Error {
  override name = 'HttpError';
  /** Problem type slug, published as `https://docs.outreach-api.dev/problems/<slug>`. */
  readonly slug: string;
  readonly status: number;
  readonly title: string;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    status: number,
    slug: string,
    title: string,
    detail: string,
    options: { headers?: Record<string, string>; extra?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(detail, { cause: options.cause });
    this.status = status;
    this.slug = slug;
    this.title = title;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

export class ValidationError extends HttpError {
  override name = 'ValidationError';
  constructor(
    readonly errors: FieldError[],
    detail = 'The request body is not valid; see `errors` for each field.',
  ) {
    super(400, 'validation-failed', 'Request validation failed', detail, { extra: { errors } });
  }
}

export class UnprocessableError extends HttpError {
  override name = 'UnprocessableError';
  constructor(
    slug: string,
    detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(422, slug, 'The request names something the workspace cannot use', detail, {
      extra: errors.length ? { errors } : {},
    });
  }
}

export class UnauthorizedError extends HttpError {
  override name = 'UnauthorizedError';
  constructor() {
    // One message for missing, malformed, unknown and revoked keys: nothing to learn from it.
    super(401, 'unauthorized', 'Unauthorized', 'A valid `api-key` header is required.', {
      headers: { 'www-authenticate': 'api-key' },
    });
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
  constructor(detail: string) {
    super(404, 'not-found', 'Not found', detail);
  }
}

export class ConflictError extends HttpError {
  override name = 'ConflictError';
  constructor(slug: string, detail: string) {
    super(409, slug, 'Conflict', detail);
  }
}

/** The workspace has made all the requests its rate limit allows in this window. */
export class TooManyRequestsError extends HttpError {
  override name = 'TooManyRequestsError';
  constructor(limit: number, retryAfterSeconds: number, headers: Record<string, string> = {}) {
    super(
      429,
      'rate-limited',
      'Too many requests',
      `The workspace has made its ${limit} requests of this minute; retry after ${retryAfterSeconds} s.`,
      {
        headers: { ...headers, 'retry-after': String(retryAfterSeconds) },
      },
    );
  }
}

/**
 * Every account the request would act from already has as much work waiting as it may (its
 * backlog limit): more would wait weeks, so it is refused; the caller may retry once some is done.
 */
export class AccountBacklogFullError extends HttpError {
  override name = 'AccountBacklogFullError';
  constructor(
    detail: string,
    readonly errors: FieldError[],
    retryAfterSeconds: number,
  ) {
    super(429, 'account-backlog-full', 'Account backlog full', detail, {
      headers: { 'retry-after': String(retryAfterSeconds) },
      extra: { errors },
    });
  }
}

/** A dependency (DynamoDB, SQS, the network provider) is unavailable; the caller may retry. */
export class DependencyUnavailableError extends HttpError {
  override name = 'DependencyUnavailableError';
  constructor(detail: string, retryAfterSeconds = 5, cause?: unknown) {
    super(503, 'service-unavailable', 'Service temporarily unavailable', detail, {
      headers: { 'retry-after': String(retryAfterSeconds) },
      cause,
    });
  }
}

// Errors that steer work inside the service.

/** A refusal of the admin CLI (a workspace that does not exist, a bad id): printed, exit 1. */
export class AdminError extends Error {
  override name = 'AdminError';
}

/** A record whose body cannot be read: it is reported failed every time and ends in the DLQ. */
export class PoisonMessageError extends Error {
  override name = 'PoisonMessageError';
}

/** Why the LLM gave no ideas; the caller keeps the embedded ones and records this. */
export type LlmIdeasReason = 'transcript_too_long' | 'timeout' | 'throttled' | 'model_error' | 'invalid_output' | 'no_grounded_ideas';

export class LlmIdeasError extends Error {
  override name = 'LlmIdeasError';
  readonly reason: LlmIdeasReason;
  /** The service's error name (`ValidationException`, ...) for `model_error`, `throttled` and a model timeout. */
  readonly serviceError?: string;

  constructor(reason: LlmIdeasReason, message: string, options: { serviceError?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.reason = reason;
    if (options.serviceError) this.serviceError = options.serviceError;
  }
}

/** A webhook's host resolves to an address outside the public internet: the call is not made. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** A webhook's host does not resolve: the attempt fails and is retried. */
export class DnsError extends Error {
  override name = 'DnsError';
}

/**
 * A failed provider call. `retryable` decides between another attempt (5xx, timeouts, 429)
 * and a visibly failed action carrying `reason` (4xx: the provider refused).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    /** Stable reason slug shown in the job, e.g. `post_not_found`, `rate_limited`, `provider_unavailable`. */
    readonly reason: string,
    message: string,
    readonly retryable: boolean,
    options: { status?: number; retryAfterSeconds?: number; outcomeUnknown?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
  readonly status: number | undefined;
  /** Set when the provider said when to come back (HTTP `retry-after`). */
  readonly retryAfterSeconds: number | undefined;
  /**
   * The call may have been applied even though it failed (a timeout or a connection lost after the
   * request was sent). Repeating a reaction or an invitation is harmless; repeating a comment or a
   * message could post it twice, so those are not retried blindly.
   */
  readonly outcomeUnknown: boolean;
}

/** Why an account, or one kind of its touches, is paused: what the network said. */
export type PauseReason = 'provider_limit' | 'provider_throttled' | 'account_restricted';

/** Why an account cannot act for now, whatever the action: the workspace paused it, or its login is disconnected. */
export type AccountUnavailableReason = 'account_paused' | 'account_disconnected';

/**
 * Why a pending action waits: account safety (see `SafetyGate`): its account's next free send slot
 * (`pacing`), the account's working hours, a limit, or a pause the network's signal put on the
 * account (`provider_limit`, `provider_throttled`, `account_restricted`: see provider-signals.ts);
 * or its account cannot act for now (`AccountUnavailableReason`).
 */
export type DeferredReason = 'pacing' | 'outside_working_hours' | 'daily_limit' | 'weekly_limit' | PauseReason | AccountUnavailableReason;

/**
 * Thrown when account safety says "not now": the action waits until `until`, it is not a failure.
 * `slot`: the send slot reserved for it at `until` (a `pacing` deferral), which it then runs in.
 */
export class Deferral extends Error {
  override name = 'Deferral';
  constructor(
    readonly until: Date,
    readonly reason: DeferredReason,
    readonly slot?: Date,
  ) {
    super(`deferred until ${until.toISOString()} (${reason})`);
  }
}

/** Thrown when the account's limit for a kind is 0: that kind is switched off for it, waiting would never end. */
export class KindDisabledError extends Error {
  override name = 'KindDisabledError';
}

/**
 * An error while recording a comment or a message that was posted. The action must not be
 * released: a retry would post it again.
 */
export class RecordingFailed extends Error {
  override name = 'RecordingFailed';
  constructor(cause: unknown) {
    super('the post was made, but it could not be recorded', { cause });
  }
}
