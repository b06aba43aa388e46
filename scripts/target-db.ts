import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../lib/store/client';
import { readRunningStack, stackFilePath } from './local-stack/stack-file';

/**
 * Which table the admin tools talk to. With no STAGE (or STAGE=local) it is the local stack's
 * DynamoDB Local: at AWS_ENDPOINT_URL_DYNAMODB, or on 127.0.0.1:$DYNAMODB_PORT, or where the running
 * `npm start` says it is (.local/stack.json), else on 127.0.0.1:8000; an explicit variable wins over
 * the file. With STAGE=<stage> it is that deployed stage's table, with the usual AWS credentials and
 * region of the environment.
 */
export function targetDb(env: NodeJS.ProcessEnv = process.env): { db: Db; description: string } {
  const stage = env.STAGE ?? 'local';
  const local = stage === 'local';
  const explicit = env.AWS_ENDPOINT_URL_DYNAMODB ?? (local && env.DYNAMODB_PORT ? `http://127.0.0.1:${env.DYNAMODB_PORT}` : undefined);
  const running = local && explicit === undefined ? readRunningStack(stackFilePath(env)) : undefined;
  const table = env.TABLE_NAME ?? running?.tableName ?? `outreach-api-${stage}`;
  const endpoint = explicit ?? running?.endpoints.dynamodb ?? (local ? 'http://127.0.0.1:8000' : undefined);
  const client = new DynamoDBClient({
    ...(endpoint ? { endpoint } : {}),
    ...(local ? { region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 2,
  });
  const db = { client: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }), table };
  const found = running ? `, found in ${stackFilePath(env)}` : '';
  return { db, description: local ? `local stack (${endpoint}, table ${table}${found})` : `stage ${stage} (table ${table})` };
}
