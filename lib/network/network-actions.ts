/**
 * Inputs and results of the outreach actions (react, comment, resolve a profile, invite, message,
 * list relations), as `NetworkProvider` declares them, and the account that acts.
 */
import type { PostRef } from './model/post-url';
import type { ReactionType } from '../schemas/reaction-type';

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

/** Comments on a post, or replies to a comment when `post.commentId` is set. */
export interface CommentInput {
  account: ActingAccount;
  post: PostRef;
  /** The comment's text (LinkedIn: at most 1,250 characters). */
  text: string;
}

/** A post published from the acting account. */
export interface PublishPostInput {
  account: ActingAccount;
  /** The post's text (the network's limit: 3,000 characters). */
  text: string;
}

/**
 * `details` of a published post (`ProviderResult.details`): the post's ids and address, each when
 * the provider gave it. Without `socialId` nobody can react to it through the provider; without
 * `url` the job shows `urlUnknown` instead.
 */
export interface PublishedPostDetails {
  /** The provider's id of the post (Unipile `post_id`). */
  postId?: string;
  /** What reactions and comments name it by (`urn:li:activity:<id>`). */
  socialId?: string;
  /** Where people read it (Unipile `share_url`). */
  url?: string;
  /** `true`: published, but the provider did not say where (Unipile answered `post_id: null`, or its look-up failed). */
  urlUnknown?: 'true';
}

export interface ResolveProfileInput {
  account: ActingAccount;
  /** A profile URL of the network (`https://www.linkedin.com/in/<id>`, any accepted variant). */
  profileUrl: string;
}

/** Where the acting account stands with a person. */
export type RelationState = 'connected' | 'invitation_pending' | 'not_connected';

export interface ResolvedProfile {
  /** The provider's id of the person (LinkedIn `ACo…`), needed to invite or message them. */
  providerId: string;
  /** The `/in/<id>` part of the profile URL. */
  publicIdentifier: string;
  /** Display name, when the provider gave one. */
  name?: string;
  relation: RelationState;
}

export interface InviteInput {
  account: ActingAccount;
  /** {@link ResolvedProfile.providerId} of the person to invite. */
  providerId: string;
  /** Optional invitation note (LinkedIn: at most 300 characters, 200 on free accounts). */
  message?: string;
  /** The person's email, for recipients whose settings require it. */
  email?: string;
}

export interface MessageInput {
  account: ActingAccount;
  /** {@link ResolvedProfile.providerId} of the recipient. */
  providerId: string;
  /** The existing conversation, when known; a new one is started otherwise. */
  chatId?: string;
  text: string;
}

export interface ListRelationsInput {
  account: ActingAccount;
  /** The `cursor` of the previous page; the first page without it. */
  cursor?: string;
  /** Page size asked for; the provider may answer fewer. */
  limit?: number;
}

/** One first-degree connection of the acting account. */
export interface Relation {
  providerId: string;
  publicIdentifier: string;
  /** Normalised `https://www.linkedin.com/in/<id>`. */
  profileUrl: string;
  /** When the connection was made (ISO 8601), when the provider said. */
  createdAt?: string;
}

export interface RelationsPage {
  relations: Relation[];
  /** Pass back to get the next page; absent on the last page. */
  cursor?: string;
}

/** A link the owner of a network login opens to connect it (or reconnect it) to the workspace. */
export interface ConnectLinkInput {
  /** `create`: a new login; `reconnect`: the disconnected login of `reconnectProviderAccountId`. */
  type: 'create' | 'reconnect';
  reconnectProviderAccountId?: string;
  /** Where the provider reports the result (Unipile's `notify_url`): this service's callback, carrying the signed state. */
  notifyUrl: string;
  /** Echoed back in the provider's report (Unipile's `name`). */
  reference: string;
  expiresAt: Date;
  /** Where the person is sent once connected, and when it failed. */
  successRedirectUrl?: string;
  failureRedirectUrl?: string;
}

/** The network profile of a connected login itself (its owner). */
export interface OwnProfile {
  /** Normalised `https://www.linkedin.com/in/<id>`. */
  profileUrl: string;
  name: string;
}
