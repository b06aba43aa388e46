import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { localClientConfig } from '../local-stack/clients';
import { findFreePorts } from '../local-stack/ports';
import { startLocalStack, type LocalStack } from '../local-stack/stack';
import { targetDb } from '../target-db';
import type { Db } from '../../lib/store/client';

export interface MeasurementStack {
  stack: LocalStack;
  baseUrl: string;
  /** The stack's table, through a real document client. */
  db: Db;
  /** An SQS client on the stack's fauxqs. */
  sqs: SQSClient;
  /** Where serverless offline, the handlers and the emulators print (kept for whoever investigates). */
  logFile: string;
}

/**
 * A local stack of its own for a measurement (the throughput bench, the load run): free ports, an
 * in-memory DynamoDB, no per-workspace rate limit (the measurement would measure the limit), quiet
 * handler logs, and its output in a log file.
 */
export async function startMeasurementStack(
  name: string,
  options: {
    env?: Record<string, string>;
    scheduleIntervalSeconds?: number;
    failedVisibilitySeconds?: number;
    concurrentBatches?: number;
  } = {},
): Promise<MeasurementStack> {
  // Every port free, the SES emulator's too: a bench or a load run beside `npm start` takes none of its ports.
  const [port, lambdaPort, dynamoPort, fauxqsPort, sesPort] = await findFreePorts(5);
  const logFile = path.join(os.tmpdir(), `outreach-${name}-${process.pid}.log`);
  const log = createWriteStream(logFile);
  const stack = await startLocalStack({
    withApi: true,
    port,
    lambdaPort,
    dynamoPort,
    fauxqsPort,
    sesPort,
    env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'WARN', ...options.env },
    scheduleIntervalSeconds: options.scheduleIntervalSeconds,
    failedVisibilitySeconds: options.failedVisibilitySeconds,
    concurrentBatches: options.concurrentBatches,
    log: (line) => log.write(`${new Date().toISOString()} ${line}\n`),
  }).catch((error: unknown) => {
    log.end();
    throw error;
  });
  const stop = stack.stop;
  stack.stop = () => stop().finally(() => log.end());
  return {
    stack,
    baseUrl: stack.baseUrl!,
    db: targetDb({ ...stack.env, STAGE: 'local' }).db,
    sqs: new SQSClient(localClientConfig(stack.env.AWS_ENDPOINT_URL_SQS!)),
    logFile,
  };
}
