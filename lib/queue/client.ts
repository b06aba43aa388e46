import { SQSClient } from '@aws-sdk/client-sqs';
import { timedRequestHandler } from '../aws-timeouts';

let shared: SQSClient | undefined;

/** The process-wide SQS client; the endpoint comes from AWS_ENDPOINT_URL_SQS locally. */
export function defaultSqs(): SQSClient {
  shared ??= new SQSClient({ maxAttempts: 3, requestHandler: timedRequestHandler() });
  return shared;
}
