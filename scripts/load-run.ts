/**
 * The load run: ≥ 10,000 mixed requests through the local stack at concurrency ≥ 50, then a check
 * that nothing was lost. It starts a stack of its own (1 s pacing window, invitations accepted after
 * 1 s in the sandbox, the connection watch every 2 s, no rate limit), seeds a workspace of autopilot
 * accounts with high limits, sends the requests, waits until every accepted job and transcript has
 * ended, and prints: answers by status; jobs by final status; each job's actions against its total;
 * transcripts analysed; every queue and dead-letter queue empty. Exits 1 on any loss, and when more
 * than 1% of the requests timed out (MAX_TIMED_OUT_SHARE).
 *
 * With `--chaos` it also kills serverless offline and the poller now and then while the requests go
 * out, and restarts them (scripts/load/chaos.ts): the same checks must hold (2,000 requests unless
 * --requests says otherwise).
 *
 *   npm run load [-- --requests 10000 --concurrency 50 --max-wait-seconds 1800] [--chaos [--seed 1234]]
 */
import { parseArgs } from 'node:util';
import { chaosPlan, describeChaosPlan, describeKills, drainQueues, startChaos, type Kill, type RunningChaos } from './load/chaos';
import { answeredAsExpected, describeRetries, latencyLine, sendRequest, type Answer } from './load/load-client';
import { createLoadWorkspace } from './load/load-workspace';
import { plannedRequest } from './load/load-plan';
import { startMeasurementStack } from './load/measurement-stack';
import { queueDepths } from './load/queue-depths';
import { requestNumberOf } from './load/request-bodies';
import { isFinalAction, isFinalJob, isFinalTranscript, readWorkspaceState, type WorkspaceState } from './load/workspace-state';
import type { Job } from '../lib/store/jobs';

/**
 * The invocation overran the function's timeout: the caller got no answer from the API (on AWS a
 * 503/504 from API Gateway; serverless offline answers it as a 200 with a LambdaTimeoutError body),
 * so it can't know whether a job was written. Not a refusal, and not a loss: see `orphans`.
 */
const timedOut = (answer: Answer) =>
  answer.status === 504 || (answer.status === 200 && (answer.excerpt ?? '').includes('LambdaTimeoutError'));

/**
 * At most this share of the requests sent may time out. A timed-out request is neither a wrong
 * answer nor a loss (what it wrote is checked as an orphan), but a run where more than 1% of the
 * callers got no answer did not show that the stack serves this load.
 */
const MAX_TIMED_OUT_SHARE = 0.01;

/** Reasons of a job that was written but whose request never completed (docs/reliability.md). */
const UNFINISHED_REQUEST_REASONS = new Set(['enqueue_failed', 'not_queued']);

const options = parseArgs({
  options: {
    requests: { type: 'string' },
    concurrency: { type: 'string', default: '50' },
    'max-wait-seconds': { type: 'string', default: '1800' },
    chaos: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
}).values;
const chaos = options.chaos;
const total = Number(options.requests ?? (chaos ? 2000 : 10000));
const seed = options.seed === undefined ? Math.floor(Math.random() * 1_000_000) : Number(options.seed);
const concurrency = Number(options.concurrency);
const maxWaitMs = Number(options['max-wait-seconds']) * 1000;

const RAMP_UP_MS = 10_000;

const grouped = (value: number) => value.toLocaleString('en-US');
const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};
const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${grouped(count)}`)
    .join(', ');

/** Sends every request; `answers` fills as they come (the chaos counts them). */
async function sendAll(baseUrl: string, target: Parameters<typeof plannedRequest>[0], answers: Answer[]): Promise<Answer[]> {
  let next = 0;
  const started = Date.now();
  let reported = started;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      // Connections open one by one over ~10 s, so that the first second is not every function's
      // first load (its cold start) at once on a small machine.
      await new Promise((resolve) => setTimeout(resolve, (worker * RAMP_UP_MS) / concurrency));
      for (let n = next++; n < total; n = next++) {
        answers.push(await sendRequest(baseUrl, plannedRequest(target, n, { idempotencyKeys: chaos }), n, chaos));
        if (Date.now() - reported > 15_000) {
          reported = Date.now();
          console.log(`  … ${grouped(answers.length)} of ${grouped(total)} answered`);
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `sent ${grouped(total)} requests at concurrency ${concurrency} in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} req/s)`,
  );
  return answers;
}

/** Reads the workspace until every accepted job and transcript has ended, or the wait is over. */
async function waitForTheEnd(read: () => Promise<WorkspaceState>, jobIds: string[], callIds: string[]): Promise<WorkspaceState> {
  const deadline = Date.now() + maxWaitMs;
  const started = Date.now();
  for (;;) {
    const state = await read();
    const openJobs = jobIds.filter((id) => !state.jobs.get(id) || !isFinalJob(state.jobs.get(id)!)).length;
    const openTranscripts = callIds.filter((id) => !state.transcripts.get(id) || !isFinalTranscript(state.transcripts.get(id)!)).length;
    if ((openJobs === 0 && openTranscripts === 0) || Date.now() > deadline) {
      console.log(`waited ${((Date.now() - started) / 1000).toFixed(0)} s for the work to end`);
      return state;
    }
    console.log(`  … ${grouped(openJobs)} jobs and ${grouped(openTranscripts)} transcripts not ended yet`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

async function main(): Promise<number> {
  if (!(total >= 1) || !(concurrency >= 1)) throw new Error('--requests and --concurrency must be positive numbers');
  const started = Date.now();
  const measurement = await startMeasurementStack('load-run', {
    env: { PACING_WINDOW_SECONDS: '1', SANDBOX_AUTO_ACCEPT_SECONDS: '1' },
    scheduleIntervalSeconds: 2,
    failedVisibilitySeconds: 1,
    // As Lambda's pollers do: several batches of a queue at once (actions: its maximumConcurrency, 5).
    concurrentBatches: 5,
  });
  console.log(`local stack at ${measurement.baseUrl} (log: ${measurement.logFile})`);
  const problems: string[] = [];
  let timedOutCount = 0;
  let chaosRun: RunningChaos | undefined;
  let kills: Kill[] = [];
  let acceptedTwice = 0;
  try {
    const workspace = await createLoadWorkspace(measurement.db, { accounts: 10, groups: 5, groupSize: 3, pacingWindowSeconds: 1 });
    const target = { workspace, runId: `load${Date.now().toString(36)}` };
    console.log(
      `workspace ${workspace.workspaceId}: ${workspace.accounts.length} autopilot accounts in ${workspace.groups.length} groups of 3`,
    );

    const answers: Answer[] = [];
    if (chaos) {
      const plan = chaosPlan(seed, total);
      console.log(describeChaosPlan(plan));
      chaosRun = startChaos({ stack: measurement.stack, plan, answered: () => answers.length, log: (line) => console.log(line) });
    }
    await sendAll(measurement.baseUrl, target, answers);
    kills = (await chaosRun?.finished()) ?? [];
    console.log(`answers by status: ${listed(countBy(answers, (answer) => String(answer.status)))}`);
    if (chaos) for (const line of describeRetries(answers)) console.log(line);
    const timeouts = answers.filter(timedOut);
    timedOutCount = timeouts.length;
    if (timeouts.length)
      console.log(
        `timed out in the stack (no answer for the caller; what they wrote is checked below): ${timeouts.length} (${listed(countBy(timeouts, (answer) => answer.kind))})`,
      );
    if (timeouts.length > total * MAX_TIMED_OUT_SHARE)
      problems.push(`${grouped(timeouts.length)} of ${grouped(total)} requests timed out (at most ${MAX_TIMED_OUT_SHARE * 100}% may)`);
    for (const [kind, count] of Object.entries(countBy(answers, (answer) => `${answer.kind} → ${answer.expected}`))) {
      const wrong = answers.filter(
        (answer) => `${answer.kind} → ${answer.expected}` === kind && !answeredAsExpected(answer) && !timedOut(answer),
      );
      const ofKind = answers.filter((answer) => `${answer.kind} → ${answer.expected}` === kind);
      console.log(
        `  ${kind.padEnd(28)} ${grouped(count).padStart(6)}  ${latencyLine(ofKind)}${wrong.length ? `  NOT ${answer(wrong)}` : '  all as expected'}`,
      );
      if (wrong.length) {
        problems.push(`${wrong.length} ${kind} requests got another answer: ${answer(wrong)}`);
        console.log(`    e.g. ${wrong[0]!.status} ${wrong[0]!.excerpt}`);
      }
    }

    const jobIds = answers.flatMap((answer) => (answer.accepted?.jobId ? [answer.accepted.jobId] : []));
    const callIds = answers.flatMap((answer) => (answer.accepted?.callId ? [answer.accepted.callId] : []));
    const read = () => readWorkspaceState(measurement.db, workspace.workspaceId);
    let state = await waitForTheEnd(read, jobIds, callIds);
    if (chaos) {
      // Messages a killed poller had received come back only after their visibility timeout: the
      // checks below read the table once the queues are empty, when nothing more will change.
      await drainQueues(measurement.sqs, measurement.stack.resources.queues, kills, (line) => console.log(line));
      state = await read();
    }

    // Every 202 has its job, and the job has ended.
    const jobs = jobIds.map((id) => state.jobs.get(id));
    const missing = jobs.filter((job) => !job).length;
    const open = jobs.filter((job) => job && !isFinalJob(job)).length;
    console.log(
      `jobs accepted (202): ${grouped(jobIds.length)}; by final status: ${listed(
        countBy(
          jobs.filter((job) => job && isFinalJob(job)),
          (job) => job!.status,
        ),
      )}`,
    );
    if (missing) problems.push(`${missing} accepted jobs do not exist`);
    if (open)
      problems.push(
        `${open} jobs did not end: ${listed(
          countBy(
            jobs.filter((job) => job && !isFinalJob(job)),
            (job) => job!.status,
          ),
        )}`,
      );
    // Nothing but the accepted requests made jobs (a refused request enqueues nothing). A request
    // that timed out may have written its job: it waits `queued` for the sweep, which ends it
    // `failed` (`not_queued`) after QUEUED_JOB_TIMEOUT_SECONDS, or it already ended so.
    const accepted = new Set(jobIds);
    const orphans = [...state.jobs.values()].filter((job) => !accepted.has(job.jobId));
    const neverQueued = (job: Job) =>
      job.status === 'queued' || (job.status === 'failed' && UNFINISHED_REQUEST_REASONS.has(job.failureReason ?? ''));
    // A request cut off by a kill (--chaos) may have written its job before it died, however far it
    // got: the job is explained by that request, and must end like any other if it was queued.
    const cutOff = new Map(answers.filter((answer) => answer.unanswered?.cutOff).map((answer) => [answer.n, answer]));
    const cutOffRequestOf = (job: Job) => cutOff.get(requestNumberOf(job.request) ?? -1);
    const fromCutOff = orphans.filter((job) => cutOffRequestOf(job));
    const explained = orphans.filter((job) => neverQueued(job) || cutOffRequestOf(job));
    const outreachTimeouts = timeouts.filter((answer) => answer.kind !== 'transcript').length;
    console.log(
      `jobs in the table: ${grouped(state.jobs.size)} (${orphans.length} not from a 202${orphans.length ? `: ${listed(countBy(orphans, (job) => `${job.status}${job.failureReason ? `:${job.failureReason}` : ''}`))}, from ${outreachTimeouts} timed-out requests${chaos ? ` and ${fromCutOff.length} of the requests cut off by a kill` : ''}; a queued one is failed by the sweep` : ''})`,
    );
    if (explained.length < orphans.length || orphans.length - fromCutOff.length > outreachTimeouts)
      problems.push(
        `${orphans.length} jobs exist that no 202 announced, ${explained.length} explained by ${outreachTimeouts} timed-out requests${chaos ? ` and ${fromCutOff.length} cut off by a kill` : ''}`,
      );
    const ranUnannounced = fromCutOff.filter((job) => !neverQueued(job));
    if (chaos) {
      // The retry of a request whose attempt died after writing its job, but before its Idempotency-Key
      // stored the answer, gets a 409 until the key's lock runs out, and is then answered with that
      // job (docs/reliability.md). A second job for it is a request accepted twice.
      const twice = ranUnannounced.filter((job) => {
        const retried = cutOffRequestOf(job)!.accepted?.jobId;
        return retried !== undefined && retried !== job.jobId;
      });
      acceptedTwice = twice.length;
      console.log(
        `jobs queued by requests cut off by a kill, no 202 announcing them: ${ranUnannounced.length}; of these, accepted twice (the retry made a second job): ${twice.length}`,
      );
      if (twice.length) problems.push(`${twice.length} requests cut off by a kill were accepted twice (their retry made a second job)`);
      const unended = ranUnannounced.filter((job) => !isFinalJob(job));
      if (unended.length) problems.push(`${unended.length} jobs queued by requests cut off by a kill did not end`);
    }

    // Every job's actions are accounted for.
    const ranJobIds = [...jobIds, ...ranUnannounced.map((job) => job.jobId)];
    const actions = ranJobIds.flatMap((id) => state.actions.get(id) ?? []);
    const mismatched = ranJobIds.filter((id) => {
      const job = state.jobs.get(id);
      const own = state.actions.get(id) ?? [];
      if (!job) return false;
      const ended = own.filter(isFinalAction).length;
      return (
        own.length !== job.total ||
        ended !== job.total ||
        job.succeeded + job.failed + (job.rejected ?? 0) + (job.expired ?? 0) !== job.total
      );
    });
    console.log(
      `actions: ${grouped(actions.length)} for ${grouped(ranJobIds.reduce((sum, id) => sum + (state.jobs.get(id)?.total ?? 0), 0))} announced by their jobs; by status: ${listed(countBy(actions, (action) => action.status))}`,
    );
    const reasons = countBy(
      actions.filter((action) => action.status !== 'succeeded'),
      (action) => `${action.status}:${action.reason ?? '?'}`,
    );
    if (Object.keys(reasons).length) console.log(`  not succeeded, by reason: ${listed(reasons)}`);
    console.log(
      `  succeeded, by result: ${listed(
        countBy(
          actions.filter((action) => action.status === 'succeeded'),
          (action) => action.outcome ?? '?',
        ),
      )}`,
    );
    if (mismatched.length)
      problems.push(`${mismatched.length} jobs whose actions do not add up to their total (e.g. ${mismatched.slice(0, 3).join(', ')})`);

    // Transcripts analysed.
    const transcripts = callIds.map((id) => state.transcripts.get(id));
    console.log(
      `transcripts accepted (202): ${grouped(callIds.length)}; by status: ${listed(countBy(transcripts, (transcript) => transcript?.status ?? 'missing'))}`,
    );
    const unanalysed = transcripts.filter((transcript) => transcript?.status !== 'analysed').length;
    if (unanalysed) problems.push(`${unanalysed} transcripts were not analysed`);
    const transcriptTimeouts = timeouts.filter((answer) => answer.kind === 'transcript').length;
    if (state.transcripts.size - callIds.length > transcriptTimeouts)
      problems.push(`${state.transcripts.size - callIds.length} transcripts exist that no 202 announced`);

    // Every queue and dead-letter queue empty (a little time for the last deletes to land).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const depth of await queueDepths(measurement.sqs, measurement.stack.resources.queues)) {
      const left = depth.visible + depth.inFlight + depth.delayed;
      console.log(
        `queue ${depth.name.padEnd(40)} visible ${depth.visible}, in flight ${depth.inFlight}, delayed ${depth.delayed}${left ? '  NOT EMPTY' : ''}`,
      );
      if (left) problems.push(`queue ${depth.name} still holds ${left} messages`);
    }
  } finally {
    chaosRun?.abandon();
    await chaosRun?.finished().catch(() => undefined);
    await measurement.stack.stop();
  }
  // Killed groups included: nothing of the stack may outlive it.
  const leftovers = chaosRun?.leftovers() ?? [];
  if (leftovers.length) problems.push(`processes of the stack still run after it stopped: ${leftovers.join(', ')}`);
  console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const afterKills = chaos ? `; after ${describeKills(kills)}` : '';
  if (problems.length) {
    console.log(`LOSS: ${problems.length} problem(s); ${grouped(timedOutCount)} requests timed out${afterKills}`);
    for (const problem of problems) console.log(`  - ${problem}`);
    return 1;
  }
  console.log(
    `NO LOSS: every 202 has a job or transcript that ended, every action is accounted for, every queue is empty; ${grouped(timedOutCount)} requests timed out`,
  );
  if (chaos) console.log(`survived ${describeKills(kills)} (seed ${seed}); requests accepted twice: ${acceptedTwice}`);
  return 0;
}

function answer(wrong: Answer[]): string {
  return listed(countBy(wrong, (item) => String(item.status)));
}

// Ctrl-C: leave through process.exit, whose hook in the stack kills serverless offline and the
// poller (each in a process group of its own, which the terminal's signal does not reach).
process.once('SIGINT', () => process.exit(130));

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
