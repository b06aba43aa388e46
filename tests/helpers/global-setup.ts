/**
 * Jest global setup of the integration project: starts one local stack for the whole run, on free
 * ports, with an in-memory DynamoDB, a 1 s pacing window, failed records retried after 1 s, and
 * outgoing webhooks retried within seconds.
 * Its environment goes to a JSON file that tests/helpers/stack-env.ts loads into each test file;
 * what the stack's processes print goes to a log file (its path is printed).
 */
import { createWriteStream, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePorts } from '../../scripts/local-stack/ports';
import { LocalStackError, startLocalStack, type LocalStack } from '../../scripts/local-stack/stack';
import { machineTimeout } from './machine-timeout';

export const STACK_ENV_FILE_VARIABLE = 'LOCAL_STACK_ENV_FILE';

/** The provider-webhook secret of the test stack (also in its env as UNIPILE_WEBHOOK_SECRET). */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret';

export interface StackEnvFile {
  baseUrl: string;
  env: Record<string, string>;
  logFile: string;
}

declare global {
  // Read by the global teardown (same process).
  var __LOCAL_STACK__: { stack: LocalStack; envFile: string; onSignal: (signal: NodeJS.Signals) => void } | undefined;
}

/** Logs of earlier runs, kept a day for whoever investigates a failure. */
function removeOldLogs(): void {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(os.tmpdir())) {
    if (!/^outreach-local-stack-\d+\.log$/.test(name)) continue;
    const file = path.join(os.tmpdir(), name);
    try {
      if (statSync(file).mtimeMs < dayAgo) rmSync(file, { force: true });
    } catch {
      /* another run's, just removed */
    }
  }
}

export default async function globalSetup(): Promise<void> {
  removeOldLogs();
  const [port, lambdaPort, dynamoPort, fauxqsPort, sesPort, slackPort] = await findFreePorts(6);
  const name = `outreach-local-stack-${process.pid}`;
  const logFile = path.join(os.tmpdir(), `${name}.log`);
  const envFile = path.join(os.tmpdir(), `${name}.json`);
  const logStream = createWriteStream(logFile);
  const started = Date.now();

  // The stack's own waits (DynamoDB Local 30 s, serverless offline 90 s on an idle machine) as
  // this machine is loaded now, unless LOCAL_STACK_TIMEOUT_SECONDS says otherwise.
  process.env.LOCAL_STACK_TIMEOUT_SECONDS ||= String(Math.round(machineTimeout(90_000) / 1000));
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      withApi: true,
      port,
      lambdaPort,
      dynamoPort,
      fauxqsPort,
      sesPort,
      env: {
        // Approval requests are mailed (to the SES emulator) from this sender, and Slack posts go to a
        // receiver a test starts on this port (tests/helpers/slack-receiver.ts).
        NOTIFY_FROM_EMAIL: 'approvals@outreach.example',
        SLACK_WEBHOOK_ORIGIN: `http://127.0.0.1:${slackPort}`,
        // A reminder 15 s before an approval expires: a workspace whose approvals last 20 s gets one within seconds.
        APPROVAL_REMINDER_BEFORE_SECONDS: '15',
        PACING_WINDOW_SECONDS: '1',
        // An action of a paused or disconnected account looks again every 2 s, so a resumed one runs within seconds.
        ACCOUNT_RECHECK_SECONDS: '2',
        UNIPILE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        // Outgoing webhooks retried after 1-2 s for 30 s, endpoints disabled after failing 5 s, a 2 s timeout.
        WEBHOOK_RETRY_INITIAL_SECONDS: '1',
        WEBHOOK_RETRY_MAX_DELAY_SECONDS: '2',
        WEBHOOK_RETRY_FOR_SECONDS: '30',
        WEBHOOK_DISABLE_AFTER_SECONDS: '5',
        WEBHOOK_TIMEOUT_MS: '2000',
      },
      failedVisibilitySeconds: 1,
      // The connection watch runs every 2 s, so acceptance by watch shows within seconds.
      scheduleIntervalSeconds: 2,
      log: (line) => logStream.write(`${new Date().toISOString()} ${line}\n`),
    });
  } catch (error) {
    logStream.end();
    const message = error instanceof LocalStackError ? error.message : String(error);
    throw new LocalStackError(`the local stack for the integration tests did not start: ${message}\n(its log: ${logFile})`);
  }

  const file: StackEnvFile = { baseUrl: stack.baseUrl!, env: { ...stack.env, API_BASE_URL: stack.baseUrl! }, logFile };
  writeFileSync(envFile, JSON.stringify(file, null, 2));
  process.env[STACK_ENV_FILE_VARIABLE] = envFile;

  // Ctrl-C during the run: serverless offline runs in its own process group and would outlive jest.
  const onSignal = (signal: NodeJS.Signals) => {
    void stack.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  globalThis.__LOCAL_STACK__ = { stack, envFile, onSignal };
  console.log(`\nlocal stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${stack.baseUrl} (log: ${logFile})`);
}
