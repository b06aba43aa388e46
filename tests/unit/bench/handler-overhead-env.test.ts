import { benchEnv } from '../../../bench/handler-overhead.bench';
import { parseConfig } from '../../../lib/config';

/**
 * The handler-overhead bench records each request once and replays it many times: every cache of
 * the handlers must outlive the run, or a cache that expired in between makes the replay send an AWS
 * call its recording did not have, and the bench stops (seen on a busy machine). A cache added to
 * lib/config.ts fails this until the bench sets it too.
 */
describe('the handler-overhead bench', () => {
  it('sets every *_CACHE_SECONDS of the configuration to an hour', () => {
    const queue = (name: string) => [`${name}_QUEUE_URL`, `http://127.0.0.1:4566/000000000000/${name.toLowerCase()}`];
    const queues = ['JOBS', 'ACTIONS', 'TRANSCRIPTS', 'WEBHOOKS', 'NOTIFICATIONS'].map(queue);
    const config = parseConfig(Object.fromEntries([['TABLE_NAME', 't'], ['TRANSCRIPTS_BUCKET', 'b'], ...queues]));
    const caches = Object.keys(config).filter((name) => name.endsWith('_CACHE_SECONDS'));

    expect(caches.length).toBeGreaterThan(0);
    for (const name of caches) expect({ name, seconds: benchEnv[name as keyof typeof benchEnv] }).toEqual({ name, seconds: '3600' });
  });
});
