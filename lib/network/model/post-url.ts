/**
 * Post and comment URLs of the professional network (LinkedIn), parsed once at the edge
 * into the identifiers the providers need.
 */

export type PostKind = 'activity' | 'ugcPost' | 'share';

export interface PostRef {
  /** Canonical https URL of the post, or of the comment when `commentId` is set. */
  url: string;
  kind: PostKind;
  /** Numeric id of the post. */
  id: string;
  /** `urn:li:<kind>:<id>`. */
  urn: string;
  /** Set when the URL points at a comment: the comment's own numeric id. */
  commentId?: string;
  /** `urn:li:comment:(<kind>:<id>,<commentId>)` when the URL points at a comment. */
  commentUrn?: string;
}

export const acceptedPostUrlForms =
  'an https linkedin.com URL of a post or comment: ' +
  '/feed/update/urn:li:activity:<id>/ (also urn:li:ugcPost:<id> and urn:li:share:<id>), ' +
  '/posts/<author>_<slug>-activity-<id>-<suffix>/ (also -ugcPost- and -share-), ' +
  'either of them with ?commentUrn=urn:li:comment:(activity:<id>,<commentId>) for a comment, ' +
  'or /feed/update/urn:li:comment:(activity:<id>,<commentId>)/';

const ID = '(\\d{6,25})';
const URN_RE = new RegExp(`^urn:li:(activity|ugcPost|share):${ID}$`);
const COMMENT_URN_RE = new RegExp(`^urn:li:comment:\\((activity|ugcPost|share):${ID},${ID}\\)$`);
const FEED_PATH_RE = /^\/(?:embed\/)?feed\/update\/([^/]+)\/?$/;
// Greedy prefix: the id is the last `-<kind>-<digits>` of the slug, which may itself contain e.g. `-share-1000000-`.
const POSTS_PATH_RE = new RegExp(`^/posts/[^/]*-(activity|ugcPost|share)-${ID}(?:-[^/]*)?/?$`);

/** True for linkedin.com and its subdomains (www., country and mobile hosts). */
export function isNetworkHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

interface CommentPart {
  /** The post the comment URN names: for a ugcPost it is not the activity of the URL. */
  parentKind: PostKind;
  parentId: string;
  commentId: string;
}

function build(kind: PostKind, id: string, comment?: CommentPart): PostRef {
  const urn = `urn:li:${kind}:${id}`;
  const base = `https://www.linkedin.com/feed/update/${urn}/`;
  if (comment === undefined) return { url: base, kind, id, urn };
  const commentUrn = `urn:li:comment:(${comment.parentKind}:${comment.parentId},${comment.commentId})`;
  return { url: `${base}?commentUrn=${encodeURIComponent(commentUrn)}`, kind, id, urn, commentId: comment.commentId, commentUrn };
}

/** Parses a post or comment URL; `undefined` when it is not one of the accepted forms. */
export function parsePostUrl(input: string): PostRef | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || !isNetworkHost(url.hostname) || url.username || url.password) return undefined;
  const path = safeDecode(url.pathname);
  if (path === undefined) return undefined;

  let post: { kind: PostKind; id: string } | undefined;
  let comment: CommentPart | undefined;

  const feed = FEED_PATH_RE.exec(path);
  if (feed) {
    const urn = feed[1] ?? '';
    const asPost = URN_RE.exec(urn);
    const asComment = COMMENT_URN_RE.exec(urn);
    if (asPost) post = { kind: asPost[1] as PostKind, id: asPost[2] ?? '' };
    else if (asComment) {
      post = { kind: asComment[1] as PostKind, id: asComment[2] ?? '' };
      comment = { parentKind: post.kind, parentId: post.id, commentId: asComment[3] ?? '' };
    }
  } else {
    const posts = POSTS_PATH_RE.exec(path);
    if (posts) post = { kind: posts[1] as PostKind, id: posts[2] ?? '' };
  }
  if (!post) return undefined;

  const commentParam = url.searchParams.get('commentUrn');
  if (commentParam !== null) {
    const match = COMMENT_URN_RE.exec(commentParam.trim());
    if (!match) return undefined;
    // LinkedIn links a comment on a ugcPost from the post's activity: the ids differ, both are right.
    comment = { parentKind: match[1] as PostKind, parentId: match[2] ?? '', commentId: match[3] ?? '' };
  }
  return build(post.kind, post.id, comment);
}
