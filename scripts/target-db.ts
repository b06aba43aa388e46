import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../lib/store/client';

/**
 * Which table the admin tools talk to. With no STAGE (or STAGE=local) it is the local stack's
 * DynamoDB Local on 127.0.0.1:$DYNAMODB_PORT (8000); with STAGE=<stage> it is that deployed
 * stage's table, with the usual AWS credentials and region of the environment.
 */
export function targetDb(env: NodeJS.ProcessEnv = process.env): { db: Db; description: string } {
  const stage = env.STAGE ?? 'local';
  const table = env.TABLE_NAME ?? `outreach-api-${stage}`;
  const local = stage === 'local';
  const endpoint = env.AWS_ENDPOINT_URL_DYNAMODB ?? (local ? `http://127.0.0.1:${env.DYNAMODB_PORT ?? 8000}` : undefined);
  const client = new DynamoDBClient({
    ...(endpoint ? { endpoint } : {}),
    ...(local ? { region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 2,
  });
  const db = { client: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }), table };
  return { db, description: local ? `local stack (${endpoint}, table ${table})` : `stage ${stage} (table ${table})` };
}
