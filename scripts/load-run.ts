/**
 * The load run: ≥ 10,000 mixed requests through the local stack at concurrency ≥ 50, then a check
 * that nothing was lost. It starts a stack of its own (1 s pacing window, invitations accepted after
 * 1 s in the sandbox, the connection watch every 2 s, no rate limit), seeds a workspace of autopilot
 * accounts with high limits, sends the requests, waits until every accepted job and transcript has
 * ended, and prints: answers by status; jobs by final status; each job's actions against its total;
 * transcripts analysed; every queue and dead-letter queue empty. Exits 1 on any loss, and when more
 * than 1% of the requests timed out (MAX_TIMED_OUT_SHARE).
 *
 *   npm run load [-- --requests 10000 --concurrency 50 --max-wait-seconds 1800]
 */
import { parseArgs } from 'node:util';
import { createLoadWorkspace } from './load/load-workspace';
import { plannedRequest, type RequestKind } from './load/load-plan';
import { startMeasurementStack } from './load/measurement-stack';
import { queueDepths } from './load/queue-depths';
import { isFinalAction, isFinalJob, isFinalTranscript, readWorkspaceState, type WorkspaceState } from './load/workspace-state';

interface Answer {
  kind: RequestKind;
  expected: number;
  status: number;
  /** The job or transcript a 202 accepted. */
  accepted?: { jobId?: string; callId?: string };
  /** The start of an unexpected answer, to show what it was. */
  excerpt?: string;
}

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
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    'max-wait-seconds': { type: 'string', default: '1800' },
  },
}).values;
const total = Number(options.requests);
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

async function sendAll(baseUrl: string, target: Parameters<typeof plannedRequest>[0]): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const started = Date.now();
  let reported = started;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      // Connections open one by one over ~10 s, so that the first second is not every function's
      // first load (its cold start) at once on a small machine.
      await new Promise((resolve) => setTimeout(resolve, (worker * RAMP_UP_MS) / concurrency));
      for (let n = next++; n < total; n = next++) {
        const request = plannedRequest(target, n);
        let status = 0;
        let accepted: Answer['accepted'];
        let excerpt: string | undefined;
        try {
          const response = await fetch(`${baseUrl}${request.path}`, {
            method: request.method,
            headers: request.headers,
            body: request.body,
          });
          status = response.status;
          const text = await response.text();
          if (status === 202) {
            const body = JSON.parse(text) as { jobId?: string; callId?: string };
            accepted = { jobId: body.jobId, callId: body.callId };
          }
          if (status !== request.expected) excerpt = text.slice(0, 300);
        } catch (error) {
          excerpt = (error as Error).message; // no answer at all: status 0
        }
        answers.push({ kind: request.kind, expected: request.expected, status, accepted, excerpt });
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
  try {
    const workspace = await createLoadWorkspace(measurement.db, { accounts: 10, groups: 5, groupSize: 3, pacingWindowSeconds: 1 });
    const target = { workspace, runId: `load${Date.now().toString(36)}` };
    console.log(
      `workspace ${workspace.workspaceId}: ${workspace.accounts.length} autopilot accounts in ${workspace.groups.length} groups of 3`,
    );

    const answers = await sendAll(measurement.baseUrl, target);
    console.log(`answers by status: ${listed(countBy(answers, (answer) => String(answer.status)))}`);
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
        (answer) => `${answer.kind} → ${answer.expected}` === kind && answer.status !== answer.expected && !timedOut(answer),
      );
      console.log(`  ${kind.padEnd(28)} ${grouped(count).padStart(6)}${wrong.length ? `  NOT ${answer(wrong)}` : '  all as expected'}`);
      if (wrong.length) {
        problems.push(`${wrong.length} ${kind} requests got another answer: ${answer(wrong)}`);
        console.log(`    e.g. ${wrong[0]!.status} ${wrong[0]!.excerpt}`);
      }
    }

    const jobIds = answers.flatMap((answer) => (answer.accepted?.jobId ? [answer.accepted.jobId] : []));
    const callIds = answers.flatMap((answer) => (answer.accepted?.callId ? [answer.accepted.callId] : []));
    const state = await waitForTheEnd(() => readWorkspaceState(measurement.db, workspace.workspaceId), jobIds, callIds);

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
    const explained = orphans.filter(
      (job) => job.status === 'queued' || (job.status === 'failed' && UNFINISHED_REQUEST_REASONS.has(job.failureReason ?? '')),
    );
    const outreachTimeouts = timeouts.filter((answer) => answer.kind !== 'transcript').length;
    console.log(
      `jobs in the table: ${grouped(state.jobs.size)} (${orphans.length} not from a 202${orphans.length ? `: ${listed(countBy(orphans, (job) => `${job.status}${job.failureReason ? `:${job.failureReason}` : ''}`))}, from ${outreachTimeouts} timed-out requests; a queued one is failed by the sweep` : ''})`,
    );
    if (explained.length < orphans.length || orphans.length > outreachTimeouts)
      problems.push(
        `${orphans.length} jobs exist that no 202 announced, ${explained.length} explained by ${outreachTimeouts} timed-out requests`,
      );

    // Every job's actions are accounted for.
    const actions = jobIds.flatMap((id) => state.actions.get(id) ?? []);
    const mismatched = jobIds.filter((id) => {
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
      `actions: ${grouped(actions.length)} for ${grouped(jobs.reduce((sum, job) => sum + (job?.total ?? 0), 0))} announced by their jobs; by status: ${listed(countBy(actions, (action) => action.status))}`,
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
    await measurement.stack.stop();
  }
  console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (problems.length) {
    console.log(`LOSS: ${problems.length} problem(s); ${grouped(timedOutCount)} requests timed out`);
    for (const problem of problems) console.log(`  - ${problem}`);
    return 1;
  }
  console.log(
    `NO LOSS: every 202 has a job or transcript that ended, every action is accounted for, every queue is empty; ${grouped(timedOutCount)} requests timed out`,
  );
  return 0;
}

function answer(wrong: Answer[]): string {
  return listed(countBy(wrong, (item) => String(item.status)));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
