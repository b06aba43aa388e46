import { SQSClient } from '@aws-sdk/client-sqs';
import { timedRequestHandler } from '../aws-timeouts';
import { traced } from '../tracer';

let shared: SQSClient | undefined;

/** The process-wide SQS client, its calls traced; the endpoint comes from AWS_ENDPOINT_URL_SQS locally. */
export function defaultSqs(): SQSClient {
  shared ??= traced(new SQSClient({ maxAttempts: 3, requestHandler: timedRequestHandler() }));
  return shared;
}
