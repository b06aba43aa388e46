/**
 * The environment of the local stack: which variables of provider.environment are queue URLs,
 * and so must point at the queues of fauxqs.
 */
import type { ServerlessConfig } from './serverless-config';

/** The account id fauxqs puts in every queue URL and ARN. */
const FAUXQS_ACCOUNT = '000000000000';

/** The queue URL fauxqs gives a queue created through `sqsEndpoint`. */
export function localQueueUrl(sqsEndpoint: string, queueName: string): string {
  return `${sqsEndpoint}/${FAUXQS_ACCOUNT}/${queueName}`;
}

/** A variable of provider.environment that holds the URL of a queue of serverless.yml. */
export interface QueueUrlVariable {
  variable: string;
  queueName: string;
}

/**
 * The variables of provider.environment whose value is a URL ending in the name of a queue of
 * resources.Resources: for stage `local` they are the params' defaults (port 4566).
 */
export function queueUrlVariables(config: ServerlessConfig): QueueUrlVariable[] {
  const queueNames = Object.values(config.resources?.Resources ?? {})
    .filter((resource) => resource.Type === 'AWS::SQS::Queue' && typeof resource.Properties?.QueueName === 'string')
    .map((resource) => resource.Properties!.QueueName as string);
  const variables: QueueUrlVariable[] = [];
  for (const [variable, value] of Object.entries(config.provider.environment ?? {})) {
    const queueName = typeof value === 'string' ? /^https?:\/\/[^/]+\/\d{12}\/([^/]+)$/.exec(value)?.[1] : undefined;
    if (queueName && queueNames.includes(queueName)) variables.push({ variable, queueName });
  }
  return variables;
}

/**
 * What serverless offline needs on top of the process environment: each queue-URL variable as
 * LOCAL_<VARIABLE>, the name under which the `local` params of serverless.yml read it.
 */
export function offlineQueueOverrides(variables: QueueUrlVariable[], sqsEndpoint: string): Record<string, string> {
  return Object.fromEntries(variables.map(({ variable, queueName }) => [`LOCAL_${variable}`, localQueueUrl(sqsEndpoint, queueName)]));
}

/** provider.environment (string values) with the queue URLs pointing at the local queues. */
export function localProviderEnvironment(config: ServerlessConfig, sqsEndpoint: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.provider.environment ?? {})) if (typeof value === 'string') environment[name] = value;
  for (const { variable, queueName } of queueUrlVariables(config)) environment[variable] = localQueueUrl(sqsEndpoint, queueName);
  return environment;
}
