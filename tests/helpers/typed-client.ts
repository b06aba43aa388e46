import { createOutreachClient } from '../../client/src';
import type { OutreachClient } from '../../client/src';
import { apiBaseUrl } from './http-client';

/** The typed client of client/ (what a TypeScript caller uses), pointed at the local stack with a workspace's key. */
export function typedClient(apiKey: string): OutreachClient {
  return createOutreachClient({ baseUrl: apiBaseUrl(), apiKey });
}
