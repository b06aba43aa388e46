/**
 * A local stack in a process of its own, driven by lines on its stdin (see local-stack-process.ts):
 * `crash offline`, `restart poller`, `stop`, `pids`, … Each is answered by one JSON line on stdout
 * (and a `{"failed": …}` line comes unasked if the stack gives up on a process). Its log
 * goes to the file named by LOCAL_STACK_LOG_FILE. When stdin closes (the test ended, however), it
 * stops the stack and exits.
 */
import { createWriteStream } from 'node:fs';
import readline from 'node:readline';
import { findFreePorts } from '../../scripts/local-stack/ports';
import { startLocalStack } from '../../scripts/local-stack/stack';

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main(): Promise<void> {
  const log = createWriteStream(process.env.LOCAL_STACK_LOG_FILE ?? '/dev/null');
  const [port, lambdaPort, dynamoPort, fauxqsPort, sesPort] = await findFreePorts(5);
  // The test gave up while the stack was starting: what was started is stopped.
  const abandoned = new AbortController();
  process.stdin.once('end', () => abandoned.abort());
  const stack = await startLocalStack({
    signal: abandoned.signal,
    withApi: true,
    port,
    lambdaPort,
    dynamoPort,
    fauxqsPort,
    sesPort,
    env: JSON.parse(process.env.LOCAL_STACK_EXTRA_ENV ?? '{}') as Record<string, string>,
    failedVisibilitySeconds: 1,
    log: (line) => log.write(`${new Date().toISOString()} ${line}\n`),
    // Said unasked, on a line of its own: the stack gave up on a process and stopped.
    onFailure: (error) => say({ failed: error.message }),
  });
  const processes = stack.processes!;
  const pids = () => ({ offline: processes.offline.pid, poller: processes.poller.pid });
  say({ ready: { baseUrl: stack.baseUrl, env: stack.env, pids: pids() } });

  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [verb, part] = line.trim().split(/\s+/) as [string, 'offline' | 'poller'];
    try {
      if (verb === 'crash' && processes[part]) await processes[part].crash();
      else if (verb === 'restart' && processes[part]) await processes[part].restart();
      else if (verb === 'stop') await stack.stop();
      else if (verb === 'pids')
        void 0; // answered with the pids, as every command is
      else throw new Error(`unknown command: ${line}`);
      say({ done: line, pids: pids() });
    } catch (error) {
      say({ error: (error as Error).message });
    }
  }
  await stack.stop();
  log.end();
  process.exit(0);
}

main().catch((error: unknown) => {
  say({ error: (error as Error).message });
  process.exit(1);
});
