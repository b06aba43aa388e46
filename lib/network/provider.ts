/**
 * The professional-network provider: one interface, two implementations
 * (`sandbox`, the local default, and `unipile`, the real one).
 */
import type { ReactionType } from '../schemas/reaction-type';
import type { PostRef } from './post-url';

/** Which of the workspace's connected accounts acts, and under which workspace. */
export interface ActingAccount {
  workspaceId: string;
  /** Our account id (`acc_…`). */
  accountId: string;
  /** The provider's id for the connected login (Unipile `account_id`; any string in the sandbox). */
  providerAccountId: string;
}

export interface ReactInput {
  account: ActingAccount;
  post: PostRef;
  reactionType: ReactionType;
}

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
  /** Reacts to a post, or to a comment when `post.commentId` is set. */
  react(input: ReactInput): Promise<ProviderResult>;
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
    options: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly status: number | undefined;
  /** Set when the provider said when to come back (HTTP `retry-after`). */
  readonly retryAfterSeconds: number | undefined;
}
