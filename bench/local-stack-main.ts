/**
 * The local stack in a process of its own, for bench/local-stack.bench.ts: `api` starts it as
 * `npm start` and the tests do (the emulators, serverless offline and the poller), `emulators` only
 * DynamoDB Local, fauxqs and the SES emulator (the floor). Prints one JSON line once ready, and stops
 * the stack and exits when its stdin closes.
 */
import { findFreePorts } from '../scripts/local-stack/ports';
import { startLocalStack } from '../scripts/local-stack/stack';

async function main(): Promise<void> {
  const withApi = process.argv[2] === 'api';
  const [port, lambdaPort, dynamoPort, fauxqsPort, sesPort] = await findFreePorts(5);
  const abandoned = new AbortController();
  process.stdin.once('end', () => abandoned.abort());
  process.stdin.resume();
  const stack = await startLocalStack({ signal: abandoned.signal, withApi, port, lambdaPort, dynamoPort, fauxqsPort, sesPort });
  process.stdout.write(`${JSON.stringify({ ready: { baseUrl: stack.baseUrl, totalMs: stack.timings.totalMs } })}\n`);
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await stack.stop();
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
  process.exit(1);
});
