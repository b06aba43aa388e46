/**
 * The stack's long-running children (serverless offline, the SQS poller) each run in a process group
 * of their own (spawned `detached`), led by the child itself: a signal to the group reaches whatever
 * the child started too, so killing the group leaves nothing orphaned.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { ProcessHandle } from './emulators';
import { LocalStackError, sleep } from './stack-error';

/** A child that leads a process group of its own. */
export interface GroupHandle extends ProcessHandle {
  pid: number | undefined;
  /** Ends the whole group at once, as a crash would (`killGroup`). */
  crash(): Promise<void>;
}

/** Sends `signal` to the whole process group of `pid`; false when it is gone already. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * The processes of group `pgid` that still run. Read from /proc where there is one: a zombie (dead,
 * not yet reaped by whoever inherited it) still counts for kill(0) but holds no port and runs no
 * code. Elsewhere, kill(0) says whether anything of the group is left (its pids are not known).
 */
export function liveGroupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return signalGroup(pgid, 0) ? [pgid] : [];
  }
  return entries.flatMap((name) => {
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z' ? [Number(name)] : [];
    } catch {
      return []; // ended while being read
    }
  });
}

/**
 * Kills the group that `child` leads with SIGKILL, as a crash would end it (nothing gets to clean
 * up), and resolves once the child has exited and no process of its group is left.
 */
export async function killGroup(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGKILL');
  await exited;
  await endGroup(pid, timeoutMs);
}

/**
 * SIGKILLs what is left of group `pgid` and resolves once none of it runs: a signal is delivered
 * asynchronously, so a process of the group may still run a moment after it was sent.
 */
export async function endGroup(pgid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let left = liveGroupMembers(pgid); left.length; left = liveGroupMembers(pgid)) {
    if (Date.now() > deadline) throw new LocalStackError(`processes ${left.join(', ')} of group ${pgid} outlived a SIGKILL to the group`);
    signalGroup(pgid, 'SIGKILL'); // also one forked after the last signal
    await sleep(50);
  }
}
