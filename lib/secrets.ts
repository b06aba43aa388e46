/**
 * The service's secrets: the Unipile API key, the provider webhook's shared secret, and the keys
 * that sign connect links and report links.
 *
 * Deployed, each is a SecureString parameter of SSM Parameter Store named by `<NAME>_PARAMETER`
 * (serverless.yml), never a plain variable. It is read through Powertools Parameters when first
 * needed, decrypted, and kept SECRET_MAX_AGE_SECONDS: a warm container asks SSM at most once per
 * secret in that time, and a changed secret is in use everywhere within it. A parameter that does
 * not exist is a secret not set (''): the feature it enables stays off, as an empty variable left
 * it. Locally and in tests no parameter is named, and the secret is the plain variable `<NAME>`.
 */
import type { SSMClient } from '@aws-sdk/client-ssm';
import type { Config } from './config';
import { getConfig } from './config';
import { timedRequestHandler } from './aws-timeouts';
import { DependencyUnavailableError } from './errors';
import { logger } from './log';
import { traced } from './tracer';

export type SecretName = 'UNIPILE_API_KEY' | 'UNIPILE_WEBHOOK_SECRET' | 'CONNECT_LINK_SECRET' | 'REPORT_LINK_SECRET';

/** A secret, read when it is needed: '' while it is not set. */
export type Secret = () => Promise<string>;

/** How long a secret read from SSM is used before it is read again: 5 minutes. */
export const SECRET_MAX_AGE_SECONDS = 300;

/** Reads a SecureString parameter, decrypted; undefined when no parameter has that name. */
export type ReadParameter = (name: string) => Promise<string | undefined>;

/**
 * Reads parameters through Powertools' SSM provider, which keeps each value SECRET_MAX_AGE_SECONDS,
 * over `client` (a test's) or the process's own, traced. Both are loaded when a secret is first read
 * from SSM: a function that reads none, and every local run, load neither.
 */
export function ssmParameterReader(client?: SSMClient): ReadParameter {
  let reader: Promise<ReadParameter> | undefined;
  const load = async (): Promise<ReadParameter> => {
    const [{ SSMProvider }, { SSMClient }, { ParameterNotFoundError }] = await Promise.all([
      import('@aws-lambda-powertools/parameters/ssm'),
      import('@aws-sdk/client-ssm'),
      import('@aws-lambda-powertools/parameters/errors'),
    ]);
    const awsSdkV3Client = client ?? traced(new SSMClient({ maxAttempts: 3, requestHandler: timedRequestHandler() }));
    const provider = new SSMProvider({ awsSdkV3Client });
    return async (name) => {
      try {
        return await provider.get(name, { decrypt: true, maxAge: SECRET_MAX_AGE_SECONDS, throwOnMissing: true });
      } catch (error) {
        if (error instanceof ParameterNotFoundError) return undefined;
        throw error;
      }
    };
  };
  return async (name) => {
    reader ??= load();
    return (await reader)(name);
  };
}

const readSsmParameter = ssmParameterReader();

/**
 * The secret `name` as configured: the SSM parameter `<name>_PARAMETER` names, or else the plain
 * variable `<name>`. Concurrent first reads (a batch's records) share one call to SSM; a missing
 * parameter is remembered as long as a value would be. A failed read is a 503 (a retried record in
 * a worker), and is tried again by the next caller.
 */
export function secretOf(name: SecretName, config: Config = getConfig(), readParameter: ReadParameter = readSsmParameter): Secret {
  const parameter = config[`${name}_PARAMETER`];
  if (!parameter) {
    const value = config[name];
    return async () => value;
  }
  let missingUntil = 0;
  let reading: Promise<string> | undefined;
  const read = async (): Promise<string> => {
    let value: string | undefined;
    try {
      value = await readParameter(parameter);
    } catch (error) {
      throw new DependencyUnavailableError(`The secret ${name} could not be read.`, 5, error);
    }
    if (value !== undefined) return value;
    logger.warn('the parameter of a secret does not exist: the secret is not set', { secret: name, parameter });
    missingUntil = Date.now() + SECRET_MAX_AGE_SECONDS * 1000;
    return '';
  };
  return () => {
    if (Date.now() < missingUntil) return Promise.resolve('');
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}
