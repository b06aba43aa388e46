import { parsePostUrl } from '../../lib/network/model/post-url';
import { ProviderError } from '../../lib/errors';

/** Fixtures shared by the Unipile provider's tests. */
export const account = { workspaceId: 'ws_1', accountId: 'acc_1', providerAccountId: 'UnipileAcc_42' };

export function postOf(url: string) {
  const post = parsePostUrl(url);
  if (!post) throw new Error(`test setup: not a post URL: ${url}`);
  return post;
}

export const activityPost = postOf('https://www.linkedin.com/feed/update/urn:li:activity:7332661864792854528/');
export const ugcPost = postOf('https://www.linkedin.com/posts/jane_some-title-ugcPost-7336013677930006817-6jfq/');
export const comment = postOf(
  'https://www.linkedin.com/feed/update/urn:li:activity:7332661864792854528/?commentUrn=urn%3Ali%3Acomment%3A%28activity%3A7332661864792854528%2C7335000001439513601%29',
);

/** The ProviderError a call rejected with (fails the test if it resolved or threw anything else). */
export async function failureOf(call: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
