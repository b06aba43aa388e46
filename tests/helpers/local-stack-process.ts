/**
 * A local stack of a test's own, in a child process (local-stack-process-main.ts): jest runs a test
 * file in a VM context, where the stack's fauxqs (an ES module) cannot be loaded; the global setup,
 * which starts the shared stack, runs outside it. The child is started as the poller is, with tsx.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface StackPids {
  offline: number;
  poller: number;
}

export interface RunningStack {
  baseUrl: string;
  /** The stack's environment (endpoints, table, queue URLs). */
  env: Record<string, string>;
  pids: StackPids;
}

export interface StackInAProcess {
  /** Resolves once the stack runs. */
  ready: Promise<RunningStack>;
  logFile: string;
  /** Resolves with why, if the stack gave up on a process of its own and stopped (`onFailure`). */
  failed: Promise<string>;
  /** Sends a command (`crash offline`, `restart poller`, `stop`, `pids`) and resolves with the pids after it. */
  command(line: string): Promise<StackPids>;
  /** Ends the child, which stops its stack (or its startup) first. */
  close(): Promise<void>;
}

type Reply = { ready: RunningStack } | { done: string; pids: StackPids } | { error: string };

export function startStackInAProcess(env: Record<string, string> = {}): StackInAProcess {
  const logFile = path.join(os.tmpdir(), `outreach-stack-process-${process.pid}-${Date.now()}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'local-stack-process-main.ts')], {
    cwd: path.join(__dirname, '../..'),
    env: { ...process.env, LOCAL_STACK_LOG_FILE: logFile, LOCAL_STACK_EXTRA_ENV: JSON.stringify(env) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  let reportFailure: (why: string) => void = () => undefined;
  const failed = new Promise<string>((resolve) => (reportFailure = resolve));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Reply | { failed: string };
    if ('failed' in message) reportFailure(message.failed);
    else waiting.shift()?.resolve(message);
  });
  void exited.then(() => {
    for (const waiter of waiting.splice(0))
      waiter.reject(new Error(`the stack's process exited. Its stderr:\n${stderr}\n(its log: ${logFile})`));
  });
  const reply = () => new Promise<Reply>((resolve, reject) => waiting.push({ resolve, reject }));

  const ready = reply().then((first) => {
    if ('ready' in first) return first.ready;
    throw new Error(`the stack did not start: ${'error' in first ? first.error : JSON.stringify(first)} (its log: ${logFile})`);
  });
  ready.catch(() => undefined);
  return {
    ready,
    failed,
    logFile,
    command: async (line) => {
      const answer = reply();
      child.stdin.write(`${line}\n`);
      const got = await answer;
      if ('error' in got) throw new Error(`${line}: ${got.error} (the stack's log: ${logFile})`);
      return (got as { pids: StackPids }).pids;
    },
    close: async () => {
      child.stdin.end();
      const killed = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killed);
    },
  };
}
