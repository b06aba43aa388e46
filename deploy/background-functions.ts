import type { FunctionDeployment, QueueName } from '../lib/function-deployment';

/**
 * The functions no route names: the queues' workers, the timers, and the catch-all that answers
 * every request no route took. Each route's function comes from its definition (lib/routes).
 */

/** The longest a queue's consumer runs; its queue's visibility timeout is 6 times it (AWS's advice for SQS event sources). */
export const WORKER_TIMEOUT_SECONDS = 30;
/** Analysis of a long call, and the optional LLM's answer, take longer than a provider call. */
export const TRANSCRIPTS_WORKER_TIMEOUT_SECONDS = 120;

export interface Worker {
  readonly kind: 'worker';
  readonly name: string;
  readonly entry: string;
  readonly queue: QueueName;
  /** Messages an invocation is given at most. */
  readonly batchSize: number;
  /** Invocations at once at most, when the queue's consumer must be bounded. */
  readonly maximumConcurrency?: number;
  readonly deployment: FunctionDeployment;
}

export interface Timer {
  readonly kind: 'timer';
  readonly name: string;
  readonly entry: string;
  /** The serverless.yml param holding its rate (`rate(1 minute)`), which a stage may change. */
  readonly rateParam: string;
  readonly deployment: FunctionDeployment;
}

export interface CatchAll {
  readonly kind: 'catch-all';
  readonly name: string;
  readonly entry: string;
  readonly deployment: FunctionDeployment;
}

export const workers: readonly Worker[] = [
  {
    kind: 'worker',
    name: 'jobsWorker',
    entry: 'functions/workers/jobs.ts',
    queue: 'jobs',
    batchSize: 10,
    deployment: {
      permissions: {
        table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'Query'],
        sendsTo: ['actions', 'webhooks', 'notifications'],
        consumes: 'jobs',
      },
      timeout: WORKER_TIMEOUT_SECONDS,
      bundle: { bytes: 867328, zipBytes: 256000 },
    },
  },
  {
    kind: 'worker',
    name: 'actionsWorker',
    entry: 'functions/workers/actions.ts',
    queue: 'actions',
    batchSize: 5,
    // Bounds concurrent calls to the professional network.
    maximumConcurrency: 5,
    deployment: {
      permissions: {
        // DeleteItem and `jobs`: a published post's amplification jobs are submitted as the endpoints do (lib/outreach/run/perform-post.ts).
        table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'ConditionCheckItem'],
        // Its own queue too: an action deferred (pacing, working hours, a retry) is sent again.
        sendsTo: ['actions', 'webhooks', 'jobs'],
        consumes: 'actions',
        secrets: ['unipileApiKey'],
      },
      timeout: WORKER_TIMEOUT_SECONDS,
      bundle: { bytes: 1127424, zipBytes: 317440 },
    },
  },
  {
    kind: 'worker',
    name: 'transcriptsWorker',
    entry: 'functions/workers/transcripts.ts',
    queue: 'transcripts',
    // One transcript per invocation: each can take long, and none waits behind another.
    batchSize: 1,
    deployment: {
      permissions: {
        table: ['GetItem', 'PutItem', 'UpdateItem', 'Query'],
        sendsTo: ['webhooks'],
        consumes: 'transcripts',
        transcriptObjects: ['GetObject'],
        // Only used with TRANSCRIPT_ANALYSER=bedrock.
        invokesModels: true,
      },
      memorySize: 1024,
      timeout: TRANSCRIPTS_WORKER_TIMEOUT_SECONDS,
      bundle: { bytes: 1519616, zipBytes: 485376 },
    },
  },
  {
    kind: 'worker',
    name: 'webhooksWorker',
    entry: 'functions/workers/webhooks.ts',
    queue: 'webhooks',
    batchSize: 10,
    deployment: {
      // Its own queue too: a delivery that failed is sent again, delayed.
      permissions: { table: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], sendsTo: ['webhooks'], consumes: 'webhooks' },
      timeout: WORKER_TIMEOUT_SECONDS,
      bundle: { bytes: 870400, zipBytes: 257024 },
    },
  },
  {
    kind: 'worker',
    name: 'notificationsWorker',
    entry: 'functions/workers/notifications.ts',
    queue: 'notifications',
    batchSize: 10,
    deployment: {
      permissions: { table: ['GetItem', 'UpdateItem'], consumes: 'notifications', sendsEmail: true },
      timeout: WORKER_TIMEOUT_SECONDS,
      bundle: { bytes: 940032, zipBytes: 272384 },
    },
  },
];

export const timers: readonly Timer[] = [
  {
    kind: 'timer',
    name: 'connectionWatch',
    entry: 'functions/scheduled/connection-watch.ts',
    rateParam: 'connectionWatchRate',
    deployment: {
      permissions: {
        // The sandbox provider keeps its network in the table.
        table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
        queries: ['gsi1'],
        sendsTo: ['actions', 'webhooks'],
        secrets: ['unipileApiKey'],
      },
      timeout: 120,
      bundle: { bytes: 1106944, zipBytes: 312320 },
    },
  },
  {
    kind: 'timer',
    name: 'webhookSweep',
    entry: 'functions/scheduled/webhook-sweep.ts',
    rateParam: 'webhookSweepRate',
    deployment: {
      permissions: { table: ['UpdateItem'], queries: ['gsi1'], sendsTo: ['webhooks'] },
      timeout: 60,
      bundle: { bytes: 847872, zipBytes: 249856 },
    },
  },
  {
    kind: 'timer',
    name: 'notificationSweep',
    entry: 'functions/scheduled/notification-sweep.ts',
    rateParam: 'notificationSweepRate',
    deployment: {
      permissions: { table: ['UpdateItem'], queries: ['gsi1'], sendsTo: ['notifications'] },
      timeout: 60,
      bundle: { bytes: 845824, zipBytes: 249856 },
    },
  },
  {
    kind: 'timer',
    name: 'jobsSweep',
    entry: 'functions/scheduled/jobs-sweep.ts',
    rateParam: 'jobsSweepRate',
    deployment: {
      permissions: { table: ['UpdateItem'], queries: ['gsi1'] },
      timeout: 60,
      bundle: { bytes: 803840, zipBytes: 238592 },
    },
  },
];

export const catchAll: CatchAll = {
  kind: 'catch-all',
  name: 'notFound',
  entry: 'functions/http/not-found.ts',
  deployment: { permissions: {}, bundle: { bytes: 174080, zipBytes: 52224 } },
};
