import { isNetworkHost, parsePostUrl } from '../../../../../lib/network/model/post-url';

const ACTIVITY = '7332661864792854528';
const UGC = '7336013677930006817';
const COMMENT = '7335000001439513601';
const encodedCommentUrn = (kind: string, postId: string, commentId: string) =>
  encodeURIComponent(`urn:li:comment:(${kind}:${postId},${commentId})`);

describe('parsePostUrl', () => {
  describe('posts', () => {
    it.each([
      [`https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/`, 'activity', ACTIVITY],
      [`https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}`, 'activity', ACTIVITY],
      [`https://www.linkedin.com/feed/update/urn:li:ugcPost:${UGC}/`, 'ugcPost', UGC],
      [`https://www.linkedin.com/feed/update/urn:li:share:${UGC}/`, 'share', UGC],
      [`https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A${ACTIVITY}/`, 'activity', ACTIVITY],
      [`https://www.linkedin.com/embed/feed/update/urn:li:ugcPost:${UGC}`, 'ugcPost', UGC],
      [`https://www.linkedin.com/posts/unipile_nocode-automation-activity-${ACTIVITY}-hcGT/`, 'activity', ACTIVITY],
      [`https://www.linkedin.com/posts/unipile_nocode-automation-activity-${ACTIVITY}-hcGT`, 'activity', ACTIVITY],
      [`https://www.linkedin.com/posts/jane-doe_title-ugcPost-${UGC}-6jfq/`, 'ugcPost', UGC],
      [`https://www.linkedin.com/posts/jane-doe_title-share-${UGC}-6jfq/`, 'share', UGC],
      [`https://www.linkedin.com/posts/jane_title-activity-${ACTIVITY}/`, 'activity', ACTIVITY],
      [`https://linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/`, 'activity', ACTIVITY],
      [`https://fr.linkedin.com/posts/jane_titre-activity-${ACTIVITY}-hcGT/`, 'activity', ACTIVITY],
      [`https://WWW.LinkedIn.com/feed/update/urn:li:activity:${ACTIVITY}/`, 'activity', ACTIVITY],
      [`https://www.linkedin.com/posts/jane_x-activity-${ACTIVITY}-hcGT/?utm_source=share&utm_medium=member_desktop`, 'activity', ACTIVITY],
      [`  https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/#comments  `, 'activity', ACTIVITY],
    ])('accepts %s', (input, kind, id) => {
      // Act
      const post = parsePostUrl(input);

      // Assert
      expect(post).toEqual({
        url: `https://www.linkedin.com/feed/update/urn:li:${kind}:${id}/`,
        kind,
        id,
        urn: `urn:li:${kind}:${id}`,
      });
    });

    it('takes the last -<kind>-<id> of a slug whose words contain another one', () => {
      // Prepare
      const input = `https://www.linkedin.com/posts/jane_we-share-1000000-tips-activity-${ACTIVITY}-hcGT/`;

      // Act
      const post = parsePostUrl(input);

      // Assert
      expect(post).toMatchObject({ kind: 'activity', id: ACTIVITY });
    });
  });

  describe('comments', () => {
    const expected = (kind: string, postId: string) => ({
      url: `https://www.linkedin.com/feed/update/urn:li:${kind}:${postId}/?commentUrn=${encodedCommentUrn(kind, postId, COMMENT)}`,
      kind,
      id: postId,
      urn: `urn:li:${kind}:${postId}`,
      commentId: COMMENT,
      commentUrn: `urn:li:comment:(${kind}:${postId},${COMMENT})`,
    });

    it.each([
      [
        'a feed URL with ?commentUrn (encoded)',
        `https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/?commentUrn=${encodedCommentUrn('activity', ACTIVITY, COMMENT)}`,
        'activity',
        ACTIVITY,
      ],
      [
        'a feed URL with ?commentUrn (raw) and other parameters',
        `https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}?dashCommentUrn=x&commentUrn=urn:li:comment:(activity:${ACTIVITY},${COMMENT})&trk=y`,
        'activity',
        ACTIVITY,
      ],
      [
        'a ugcPost feed URL with ?commentUrn',
        `https://www.linkedin.com/feed/update/urn:li:ugcPost:${UGC}?commentUrn=${encodedCommentUrn('ugcPost', UGC, COMMENT)}`,
        'ugcPost',
        UGC,
      ],
      [
        'a /posts/ URL with ?commentUrn',
        `https://www.linkedin.com/posts/jane_title-activity-${ACTIVITY}-hcGT/?commentUrn=${encodedCommentUrn('activity', ACTIVITY, COMMENT)}`,
        'activity',
        ACTIVITY,
      ],
      [
        'a comment URN in the path',
        `https://www.linkedin.com/feed/update/urn:li:comment:(activity:${ACTIVITY},${COMMENT})/`,
        'activity',
        ACTIVITY,
      ],
      [
        'a URL-encoded comment URN in the path',
        `https://www.linkedin.com/feed/update/${encodedCommentUrn('ugcPost', UGC, COMMENT)}/`,
        'ugcPost',
        UGC,
      ],
    ])('accepts %s', (_name, input, kind, postId) => {
      // Act
      const post = parsePostUrl(input);

      // Assert
      expect(post).toEqual(expected(kind, postId));
    });

    it('gives a canonical URL that parses back to the same comment', () => {
      // Prepare
      const first = parsePostUrl(`https://www.linkedin.com/feed/update/urn:li:comment:(activity:${ACTIVITY},${COMMENT})/`);

      // Act
      const again = parsePostUrl(first!.url);

      // Assert
      expect(again).toEqual(first);
    });
  });

  describe('rejections', () => {
    it.each([
      ['http://', `http://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/`],
      ['another scheme', `ftp://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/`],
      ['a look-alike host', `https://linkedin.com.evil.com/feed/update/urn:li:activity:${ACTIVITY}/`],
      ['a host ending like linkedin', `https://evillinkedin.com/feed/update/urn:li:activity:${ACTIVITY}/`],
      ['a shortener', 'https://lnkd.in/dAbCdEf'],
      ['credentials in the URL', `https://user:pw@www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/`],
      ['a profile', 'https://www.linkedin.com/in/jane-doe/'],
      ['a company page', 'https://www.linkedin.com/company/unipile/'],
      ['a profile activity page', 'https://www.linkedin.com/in/jane-doe/recent-activity/all/'],
      ['the feed', 'https://www.linkedin.com/feed/'],
      ['an unknown URN kind', `https://www.linkedin.com/feed/update/urn:li:article:${ACTIVITY}/`],
      ['a non-numeric id', 'https://www.linkedin.com/feed/update/urn:li:activity:abcdefgh/'],
      ['a too-short id', 'https://www.linkedin.com/feed/update/urn:li:activity:123/'],
      ['extra path segments', `https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/likes/`],
      ['a /posts/ slug without id', 'https://www.linkedin.com/posts/jane_title-hcGT/'],
      ['a malformed commentUrn', `https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/?commentUrn=urn:li:comment:${COMMENT}`],
      ['an empty commentUrn', `https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/?commentUrn=`],
      ['a broken percent-encoding', 'https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A%E0%A4%A/'],
      ['a bare URN', `urn:li:activity:${ACTIVITY}`],
      ['a bare id', ACTIVITY],
      ['garbage', 'not a url at all'],
      ['an empty string', ''],
    ])('refuses %s', (_name, input) => {
      expect(parsePostUrl(input)).toBeUndefined();
    });
  });
});

describe('isNetworkHost', () => {
  it.each(['linkedin.com', 'www.linkedin.com', 'fr.linkedin.com', 'M.LINKEDIN.COM'])('accepts %s', (host) => {
    expect(isNetworkHost(host)).toBe(true);
  });

  it.each(['linkedin.com.evil.com', 'evillinkedin.com', 'lnkd.in', 'linkedin.co'])('refuses %s', (host) => {
    expect(isNetworkHost(host)).toBe(false);
  });
});

describe('parsePostUrl with a comment on a ugcPost linked from its activity', () => {
  it('keeps the post of the URL and the comment URN as LinkedIn gave it', () => {
    const post = parsePostUrl(
      `https://www.linkedin.com/feed/update/urn:li:activity:${ACTIVITY}/?commentUrn=${encodedCommentUrn('ugcPost', UGC, COMMENT)}`,
    );

    expect(post).toMatchObject({
      kind: 'activity',
      id: ACTIVITY,
      commentId: COMMENT,
      commentUrn: `urn:li:comment:(ugcPost:${UGC},${COMMENT})`,
    });
    expect(parsePostUrl(post!.url)).toEqual(post);
  });
});
