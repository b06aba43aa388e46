/**
 * The request a job keeps, one shape per job type: what the accept use cases store and what the
 * workers and views read back. The types come from the request schemas, so the two cannot drift.
 * They live here, beside the schemas, because the store needs them and lib/schemas imports
 * neither the store nor the use cases, so no folder cycle can form.
 */
import type { CommentRequest } from './comment';
import type { ConnectRequest } from './connect';
import type { DmRequest } from './dm';
import type { LikeRequest } from './like';
import type { PostRequest } from './post';

/**
 * A like: the post's canonical URL as a string (what the caller sees echoed) and the parsed post
 * in `post` (what the provider needs; left out of the caller's view).
 */
export type LikeJobRequest = Omit<LikeRequest, 'url'> & { url: LikeRequest['url']['url']; post: LikeRequest['url'] };

/**
 * A comment: the post stored as for a like, plus `from`, who comments (the group accounts when
 * groups are given, else the commentor). `from` decides whether an approval is asked; it is left
 * out of the caller's view.
 */
export type CommentJobRequest = Omit<CommentRequest, 'url'> & {
  url: CommentRequest['url']['url'];
  post: CommentRequest['url'];
  from: 'groups' | 'commentor';
};

/** A connection request: kept as validated (absent options are not written). */
export type ConnectJobRequest = ConnectRequest;

/** A direct message: kept as validated, `get_approved` with its default filled in. */
export type DmJobRequest = DmRequest;

/**
 * A post: kept as validated (`get_approved` and `amplify.reactionType` with their defaults filled
 * in), its `text` that of the transcript idea's draft when `draft` named one.
 */
export type PostJobRequest = PostRequest & { text: string };

/** Each job type's request. */
export interface JobRequests {
  like: LikeJobRequest;
  comment: CommentJobRequest;
  connect: ConnectJobRequest;
  dm: DmJobRequest;
  post: PostJobRequest;
}

export type JobType = keyof JobRequests;

/** One job type with its request. */
export interface JobRequestOf<T extends JobType> {
  type: T;
  request: JobRequests[T];
}

/**
 * A job type with its request, one member per type (of `T`, all by default): checking `type`
 * tells the compiler which request it is, and a request of another type is refused.
 */
export type TypedJobRequest<T extends JobType = JobType> = { [K in T]: JobRequestOf<K> }[T];
