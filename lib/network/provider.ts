/**
 * The professional-network provider: one interface, two implementations
 * (`sandbox`, the local default, and `unipile`, the real one).
 */
import type {
  CommentInput,
  ConnectLinkInput,
  InviteInput,
  ListRelationsInput,
  MessageInput,
  PublishPostInput,
  OwnProfile,
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
  /**
   * Publishes a post from the account. Outcome `posted`, with `PublishedPostDetails`: once the post
   * is out, not knowing its address is no failure (it must not be posted again).
   */
  publishPost(input: PublishPostInput): Promise<ProviderResult>;
  /** Sends a direct message (in `chatId`, or a new conversation). Outcome `messaged`. */
  sendMessage(input: MessageInput): Promise<ProviderResult>;
  /** One page of the acting account's first-degree connections, newest first. */
  listRelations(input: ListRelationsInput): Promise<RelationsPage>;
  /**
   * A page of the provider's own where the owner of a login connects it (Unipile: its hosted auth
   * wizard), asked for each time this service's connect page is opened. The sandbox has none: this
   * service's page shows its form instead.
   */
  createConnectLink?(input: ConnectLinkInput): Promise<{ url: string }>;
  /** The profile of the connected login `providerAccountId` itself, to name the account it becomes. */
  getOwnProfile(providerAccountId: string): Promise<OwnProfile>;
}
