/**
 * The professional-network provider: one interface, two implementations
 * (`sandbox`, the local default, and `unipile`, the real one).
 */
import type {
  CommentInput,
  InviteInput,
  ListRelationsInput,
  MessageInput,
  ReactInput,
  RelationsPage,
  ResolvedProfile,
  ResolveProfileInput,
} from './network-actions';

export interface ProviderResult {
  /** Which implementation answered: results from `sandbox` never touched the real network. */
  provider: 'sandbox' | 'unipile';
  /** Short machine-readable outcome, e.g. `reacted`. */
  outcome: string;
  /** Provider-side identifiers worth keeping (social id, invitation id …). */
  details?: Record<string, string>;
}

export interface NetworkProvider {
  readonly name: 'sandbox' | 'unipile';
  /** Reacts to a post, or to a comment when `post.commentId` is set. Outcome `reacted`. */
  react(input: ReactInput): Promise<ProviderResult>;
  /** Comments on a post, or replies to the comment of `post.commentId`. Outcome `commented`. */
  comment(input: CommentInput): Promise<ProviderResult>;
  /** The person behind a profile URL, with the acting account's relation to them. */
  resolveProfile(input: ResolveProfileInput): Promise<ResolvedProfile>;
  /**
   * Invites a person to connect, with an optional note and email. Outcome `invited`. Refusals come as
   * ProviderError reasons `already_connected`, `already_invited`, `email_required`, `cannot_resend_yet`, ...
   */
  invite(input: InviteInput): Promise<ProviderResult>;
  /** Sends a direct message (in `chatId`, or a new conversation). Outcome `messaged`. */
  sendMessage(input: MessageInput): Promise<ProviderResult>;
  /** One page of the acting account's first-degree connections, newest first. */
  listRelations(input: ListRelationsInput): Promise<RelationsPage>;
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
