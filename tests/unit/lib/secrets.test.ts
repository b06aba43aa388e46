import { Readable } from 'node:stream';
import { SSMClient } from '@aws-sdk/client-ssm';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import type { Config } from '../../../lib/config';
import { parseConfig } from '../../../lib/config';
import { DependencyUnavailableError } from '../../../lib/errors';
import { logger } from '../../../lib/log';
import type { ReadParameter } from '../../../lib/secrets';
import { SECRET_MAX_AGE_SECONDS, secretOf, ssmParameterReader } from '../../../lib/secrets';

/**
 * Where a secret comes from (lib/secrets.ts): the SSM parameter its `<NAME>_PARAMETER` names when
 * deployed, the plain variable locally. The parameter store is replaced at its boundary: a reader
 * that answers as told, and, for Powertools' own provider and cache, a stand-in for SSM's HTTP
 * endpoint under a real SSM client.
 */
const base = {
  TABLE_NAME: 't',
  JOBS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/jobs',
  ACTIONS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/actions',
  TRANSCRIPTS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/transcripts',
  WEBHOOKS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/webhooks',
  NOTIFICATIONS_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/notifications',
  TRANSCRIPTS_BUCKET: 'b',
};
const configWith = (env: Record<string, string>): Config => parseConfig({ ...base, ...env });

/** A parameter store holding `values`, which notes every name asked for. */
function storeOf(values: Record<string, string>): ReadParameter & { asked: string[] } {
  const asked: string[] = [];
  const read = async (name: string) => {
    asked.push(name);
    return values[name];
  };
  return Object.assign(read, { asked });
}

beforeEach(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('secretOf', () => {
  it('is the plain variable when no parameter is named, and asks no parameter store', async () => {
    const store = storeOf({});

    const secret = secretOf('CONNECT_LINK_SECRET', configWith({ CONNECT_LINK_SECRET: 'local-connect-link-secret' }), store);

    await expect(secret()).resolves.toBe('local-connect-link-secret');
    await expect(secretOf('REPORT_LINK_SECRET', configWith({}), store)()).resolves.toBe('');
    expect(store.asked).toEqual([]);
  });

  it('is read from the parameter its name names, and concurrent first reads share one read', async () => {
    const store = storeOf({ '/outreach-api/prod/unipile-api-key': 'from-ssm' });
    const secret = secretOf('UNIPILE_API_KEY', configWith({ UNIPILE_API_KEY_PARAMETER: '/outreach-api/prod/unipile-api-key' }), store);

    await expect(Promise.all([secret(), secret(), secret()])).resolves.toEqual(['from-ssm', 'from-ssm', 'from-ssm']);

    expect(store.asked).toEqual(['/outreach-api/prod/unipile-api-key']);
  });

  it('is not set when its parameter does not exist, and that is remembered for the max age', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') });
    const store = storeOf({});
    const secret = secretOf(
      'REPORT_LINK_SECRET',
      configWith({ REPORT_LINK_SECRET_PARAMETER: '/outreach-api/prod/report-link-secret' }),
      store,
    );

    await expect(secret()).resolves.toBe('');
    await expect(secret()).resolves.toBe('');
    expect(store.asked).toHaveLength(1);
    jest.advanceTimersByTime(SECRET_MAX_AGE_SECONDS * 1000 + 1);
    await expect(secret()).resolves.toBe('');

    expect(store.asked).toHaveLength(2);
    expect(logger.warn).toHaveBeenCalledWith(expect.any(String), {
      secret: 'REPORT_LINK_SECRET',
      parameter: '/outreach-api/prod/report-link-secret',
    });
  });

  it('is a 503 when the store fails, and the next read tries again', async () => {
    let failing = true;
    const read: ReadParameter = async () => {
      if (failing) throw new Error('ThrottlingException: Rate exceeded');
      return 'from-ssm';
    };
    const secret = secretOf('UNIPILE_WEBHOOK_SECRET', configWith({ UNIPILE_WEBHOOK_SECRET_PARAMETER: '/p' }), read);

    const error = await secret().catch((thrown: unknown) => thrown);
    failing = false;

    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as DependencyUnavailableError).status).toBe(503);
    await expect(secret()).resolves.toBe('from-ssm');
  });
});

describe('the configuration of secrets', () => {
  it('refuses a secret given both ways', () => {
    expect(() => configWith({ CONNECT_LINK_SECRET: 's', CONNECT_LINK_SECRET_PARAMETER: '/p' })).toThrow(
      /CONNECT_LINK_SECRET: set either CONNECT_LINK_SECRET or CONNECT_LINK_SECRET_PARAMETER, not both/,
    );
  });

  it("takes the Unipile API key's parameter for the key unipile needs", () => {
    const unipile = { NETWORK_PROVIDER: 'unipile', UNIPILE_DSN: 'api1.unipile.com:13111' };

    expect(configWith({ ...unipile, UNIPILE_API_KEY_PARAMETER: '/outreach-api/prod/unipile-api-key' }).NETWORK_PROVIDER).toBe('unipile');
    expect(() => configWith(unipile)).toThrow(/UNIPILE_API_KEY/);
  });
});

describe('ssmParameterReader', () => {
  /** SSM's GetParameter over HTTP, answering from `values` (a missing name: SSM's ParameterNotFound); notes each request. */
  function ssmEndpoint(values: Record<string, string>) {
    const requests: { target: string; body: { Name: string; WithDecryption?: boolean } }[] = [];
    const answer = (statusCode: number, body: unknown): { response: HttpResponse } => ({
      response: { statusCode, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: Readable.from([JSON.stringify(body)]) },
    });
    const requestHandler = {
      handle: async (request: HttpRequest) => {
        const body = JSON.parse(new TextDecoder().decode(request.body as Uint8Array)) as { Name: string; WithDecryption?: boolean };
        requests.push({ target: request.headers['x-amz-target'] ?? '', body });
        const value = values[body.Name];
        if (value === undefined) return answer(400, { __type: 'ParameterNotFound', message: `${body.Name} not found` });
        return answer(200, { Parameter: { Name: body.Name, Type: 'SecureString', Value: value, Version: 1 } });
      },
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
    };
    const client = new SSMClient({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 's' }, requestHandler });
    return { client, requests };
  }

  it('asks SSM once per parameter within the max age, decrypted, and again after it', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const ssm = ssmEndpoint({ '/outreach-api/prod/connect-link-secret': 's3cret' });
    const read = ssmParameterReader(ssm.client);

    for (let request = 0; request < 3; request++) await expect(read('/outreach-api/prod/connect-link-secret')).resolves.toBe('s3cret');
    expect(ssm.requests).toEqual([
      { target: 'AmazonSSM.GetParameter', body: { Name: '/outreach-api/prod/connect-link-secret', WithDecryption: true } },
    ]);
    jest.setSystemTime(new Date(Date.now() + (SECRET_MAX_AGE_SECONDS + 1) * 1000));
    await expect(read('/outreach-api/prod/connect-link-secret')).resolves.toBe('s3cret');

    expect(ssm.requests).toHaveLength(2);
  });

  it('answers undefined for a parameter that does not exist', async () => {
    const ssm = ssmEndpoint({});

    await expect(ssmParameterReader(ssm.client)('/outreach-api/prod/unipile-webhook-secret')).resolves.toBeUndefined();
    expect(ssm.requests).toHaveLength(1);
  });
});
