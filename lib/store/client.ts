import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { timedRequestHandler } from '../aws-timeouts';
import { getConfig } from '../config';
import { traced } from '../tracer';

/** What every store function needs: a document client and the table's name. */
export interface Db {
  client: DynamoDBDocumentClient;
  table: string;
}

/** Builds a document client, its calls traced; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB locally. */
export function createDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(traced(new DynamoDBClient({ maxAttempts: 3, requestHandler: timedRequestHandler() })), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

let shared: Db | undefined;

/** The process-wide Db, created once (cold start) and reused by every invocation. */
export function defaultDb(): Db {
  shared ??= { client: createDocumentClient(), table: getConfig().TABLE_NAME };
  return shared;
}
