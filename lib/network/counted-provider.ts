import { ProviderError } from '../errors';
import { countProviderCall } from '../metrics';
import type { NetworkProvider } from './provider';

/**
 * The provider with each of its calls counted (ProviderCalls), and each failed one by its failure
 * type (ProviderFailures, ProviderErrors): the reason of a ProviderError (`rate_limited`,
 * `provider_unavailable`, `post_not_found`, ...), `unexpected_error` for anything else. A call is
 * one operation of the interface (a reaction looks the post up first: one call).
 */
export function countingCalls(provider: NetworkProvider): NetworkProvider {
  const counted =
    <Input, Result>(call: (input: Input) => Promise<Result>) =>
    async (input: Input): Promise<Result> => {
      let result: Result;
      try {
        result = await call(input);
      } catch (error) {
        countProviderCall(error instanceof ProviderError ? error.reason : 'unexpected_error');
        throw error;
      }
      countProviderCall();
      return result;
    };
  return {
    name: provider.name,
    react: counted((input) => provider.react(input)),
    comment: counted((input) => provider.comment(input)),
    resolveProfile: counted((input) => provider.resolveProfile(input)),
    invite: counted((input) => provider.invite(input)),
    sendMessage: counted((input) => provider.sendMessage(input)),
    publishPost: counted((input) => provider.publishPost(input)),
    listRelations: counted((input) => provider.listRelations(input)),
    ...(provider.createConnectLink ? { createConnectLink: counted(provider.createConnectLink.bind(provider)) } : {}),
    getOwnProfile: counted((providerAccountId) => provider.getOwnProfile(providerAccountId)),
  };
}
