/**
 * The load run's `--chaos`: while the requests go out, serverless offline and the SQS poller are
 * killed with SIGKILL to their whole process group (as a crash would end them) and started again by
 * the stack's own restart (the function that first started them, on the same ports), each time
 * waiting until it is healthy. The moments come from a seed, so a run can be repeated.
 */
import { createHash } from 'node:crypto';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { waitUntil } from '../local-stack/ports';
import { liveGroupMembers } from '../local-stack/process-group';
import type { LocalQueue } from '../local-stack/resources';
import type { LocalStack } from '../local-stack/stack';
import { queueDepths } from './queue-depths';

export type ChaosTarget = 'offline' | 'poller';

export interface PlannedKill {
  target: ChaosTarget;
  /** The kill comes once this many requests have their answer. */
  afterAnswers: number;
}

export interface ChaosPlan {
  seed: number;
  kills: PlannedKill[];
}

export interface Kill extends PlannedKill {
  /** The killed process group. */
  pid: number | undefined;
  at: number;
  /** From the kill until the process was started again and healthy. */
  downMs: number;
}

/** Numbers in [0, 1) from a seed: the i-th is read from the SHA-256 of `seed:i`. */
function seededDraws(seed: number): () => number {
  let index = 0;
  return () => createHash('sha256').update(`${seed}:${index++}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * 3 to 5 kills, taking turns between the two processes from a first one drawn at random, each once
 * a share of the requests drawn between 10 % and 90 % has its answer: all of them while the load runs.
 */
export function chaosPlan(seed: number, totalRequests: number): ChaosPlan {
  const draw = seededDraws(seed);
  const count = 3 + Math.floor(draw() * 3);
  const first: ChaosTarget = draw() < 0.5 ? 'offline' : 'poller';
  const second: ChaosTarget = first === 'offline' ? 'poller' : 'offline';
  const shares = Array.from({ length: count }, () => 0.1 + draw() * 0.8).sort((a, b) => a - b);
  return {
    seed,
    kills: shares.map((share, index) => ({ target: index % 2 ? second : first, afterAnswers: Math.round(share * totalRequests) })),
  };
}

export function describeChaosPlan(plan: ChaosPlan): string {
  const kills = plan.kills.map((kill) => `${kill.target} after ${kill.afterAnswers} answers`).join(', ');
  return `chaos seed ${plan.seed} (\`--seed ${plan.seed}\` repeats it): ${plan.kills.length} kills: ${kills}`;
}

export interface RunningChaos {
  /** Resolves once every planned kill is done and its process healthy again; rejects if a restart failed. */
  finished(): Promise<Kill[]>;
  /** Gives up the kills not yet begun (the sending failed); a restart under way finishes. */
  abandon(): void;
  /** The processes of every group the run had (killed ones and those still running) that are alive: none once the stack stopped. */
  leftovers(): number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** serverless offline is healthy when its `GET /health` answers 200 (the function, not only the port). */
async function waitForHealth(baseUrl: string): Promise<void> {
  await waitUntil(
    () =>
      fetch(`${baseUrl}/health`).then(
        (response) => response.ok,
        () => false,
      ),
    {
      timeoutMs: 120_000,
      timeoutMessage: `serverless offline was restarted but ${baseUrl}/health did not answer 200 within 120 s`,
    },
  );
}

export function startChaos(options: {
  stack: LocalStack;
  plan: ChaosPlan;
  /** How many requests have their answer so far. */
  answered: () => number;
  log: (line: string) => void;
}): RunningChaos {
  const { stack, plan, log } = options;
  const processes = stack.processes;
  if (!processes) throw new Error('--chaos needs a stack with serverless offline and the poller (withApi)');
  const groups = new Set<number>();
  const kills: Kill[] = [];
  let abandoned = false;
  const done = (async () => {
    for (const planned of plan.kills) {
      while (options.answered() < planned.afterAnswers && !abandoned) await sleep(100);
      if (abandoned) break;
      const target = processes[planned.target];
      const pid = target.pid;
      if (pid !== undefined) groups.add(pid);
      const at = Date.now();
      log(`chaos: SIGKILL to ${planned.target} (process group ${pid}) after ${options.answered()} answers`);
      await target.crash();
      await target.restart();
      if (planned.target === 'offline') await waitForHealth(stack.baseUrl!);
      const downMs = Date.now() - at;
      kills.push({ ...planned, pid, at, downMs });
      log(`chaos: ${planned.target} healthy again as process ${target.pid}, ${(downMs / 1000).toFixed(1)} s after the kill`);
    }
    return kills;
  })();
  done.catch(() => undefined);
  return {
    finished: () => done,
    abandon: () => {
      abandoned = true;
    },
    leftovers: () => {
      for (const pid of [processes.offline.pid, processes.poller.pid]) if (pid !== undefined) groups.add(pid);
      return [...groups].flatMap((pid) => liveGroupMembers(pid));
    },
  };
}

/** "4 kills: offline 2, poller 2". */
export function describeKills(kills: Kill[]): string {
  const of = (target: ChaosTarget) => kills.filter((kill) => kill.target === target).length;
  return `${kills.length} kills: offline ${of('offline')}, poller ${of('poller')}`;
}

/**
 * Waits until every queue is empty, for as long as messages a killed poller had received may stay
 * invisible: such a message comes back only when its queue's visibility timeout (180 s; 720 s for
 * transcripts) has run out, though its work may long have ended (the function ran on in serverless
 * offline), and is then delivered again and found done. So the wait lasts up to the longest
 * visibility timeout after the last kill, and at least 30 s. Returns whether the queues emptied.
 */
export async function drainQueues(sqs: SQSClient, queues: Record<string, LocalQueue>, kills: Kill[], log: (line: string) => void) {
  const timeouts = await Promise.all(
    Object.values(queues).map(async (queue) => {
      const { Attributes = {} } = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queue.url, AttributeNames: ['VisibilityTimeout'] }),
      );
      return Number(Attributes.VisibilityTimeout ?? 30);
    }),
  );
  const lastKill = Math.max(0, ...kills.map((kill) => kill.at));
  const deadline = Math.max(Date.now() + 30_000, lastKill + (Math.max(...timeouts) + 30) * 1000);
  const started = Date.now();
  let reported = 0;
  for (;;) {
    const depths = await queueDepths(sqs, queues);
    const left = depths.reduce((sum, depth) => sum + depth.visible + depth.inFlight + depth.delayed, 0);
    if (left === 0 || Date.now() > deadline) {
      log(`drained the queues in ${((Date.now() - started) / 1000).toFixed(0)} s${left ? `; ${left} messages left` : ''}`);
      return left === 0;
    }
    if (Date.now() - reported > 30_000) {
      reported = Date.now();
      const inFlight = depths.reduce((sum, depth) => sum + depth.inFlight, 0);
      log(
        `  … ${left} messages in the queues (${inFlight} in flight, back once their visibility timeout runs out); waiting up to ${Math.round((deadline - Date.now()) / 1000)} s more`,
      );
    }
    await sleep(2000);
  }
}
