import { parseConfig } from '../../../lib/config';

const base = {
  TABLE_NAME: 't',
  JOBS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/jobs',
  ACTIONS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/actions',
  TRANSCRIPTS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/transcripts',
  TRANSCRIPTS_BUCKET: 'transcripts',
  WEBHOOKS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/webhooks',
  NOTIFICATIONS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/notifications',
};

describe('parseConfig', () => {
  it('applies defaults', () => {
    const config = parseConfig(base);

    expect(config).toMatchObject({
      NETWORK_PROVIDER: 'sandbox',
      PACING_WINDOW_SECONDS: 1800,
      AUTH_CACHE_SECONDS: 60,
      RATE_LIMIT_PER_MINUTE: 600,
      ACTION_MAX_ATTEMPTS: 5,
      TRANSCRIPT_ANALYSER: 'embedded',
    });
  });

  it('fails loudly, naming every bad variable', () => {
    expect(() => parseConfig({ JOBS_QUEUE_URL: 'nope', PACING_WINDOW_SECONDS: '-1' })).toThrow(
      /TABLE_NAME.*JOBS_QUEUE_URL.*ACTIONS_QUEUE_URL.*TRANSCRIPTS_QUEUE_URL.*WEBHOOKS_QUEUE_URL.*NOTIFICATIONS_QUEUE_URL.*TRANSCRIPTS_BUCKET.*PACING_WINDOW_SECONDS/,
    );
  });

  it('requires the Unipile settings when Unipile is the provider', () => {
    expect(() => parseConfig({ ...base, NETWORK_PROVIDER: 'unipile' })).toThrow(/UNIPILE_DSN.*UNIPILE_API_KEY/);
    expect(
      parseConfig({ ...base, NETWORK_PROVIDER: 'unipile', UNIPILE_DSN: 'api1.unipile.com:13111', UNIPILE_API_KEY: 'k' }).NETWORK_PROVIDER,
    ).toBe('unipile');
  });

  it('requires a model when the Bedrock analyser is chosen', () => {
    expect(() => parseConfig({ ...base, TRANSCRIPT_ANALYSER: 'bedrock' })).toThrow(
      /BEDROCK_MODEL_ID: required when TRANSCRIPT_ANALYSER is bedrock/,
    );
    expect(
      parseConfig({ ...base, TRANSCRIPT_ANALYSER: 'bedrock', BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0' }),
    ).toMatchObject({
      TRANSCRIPT_ANALYSER: 'bedrock',
      BEDROCK_TIMEOUT_MS: 30000,
      BEDROCK_MAX_TRANSCRIPT_CHARS: 200000,
    });
  });

  it('lets only the local stage deliver webhooks over http to localhost', () => {
    expect(() => parseConfig({ ...base, STAGE: 'prod', WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true' })).toThrow(
      /WEBHOOK_ALLOW_HTTP_LOCALHOST: only the local stage/,
    );
    expect(parseConfig({ ...base, STAGE: 'local', WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true' }).WEBHOOK_ALLOW_HTTP_LOCALHOST).toBe(true);
    expect(parseConfig(base)).toMatchObject({
      WEBHOOK_ALLOW_HTTP_LOCALHOST: false,
      WEBHOOK_TIMEOUT_MS: 10_000,
      WEBHOOK_RETRY_FOR_SECONDS: 86_400,
    });
  });
});
