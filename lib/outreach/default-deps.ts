import { getConfig } from '../config';
import { createProvider } from '../network/providers';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import type { PlanJobDeps } from './plan-job';
import type { RunActionDeps } from './run-action';
import type { SubmitJobDeps } from './submit-job';

/** Dependencies of the use cases as deployed: built once per cold start from the configuration. */
export function defaultSubmitJobDeps(): SubmitJobDeps {
  const config = getConfig();
  return { db: defaultDb(), sqs: defaultSqs(), jobsQueueUrl: config.JOBS_QUEUE_URL, retentionDays: config.JOB_RETENTION_DAYS };
}

export function defaultPlanJobDeps(): PlanJobDeps {
  const config = getConfig();
  return { db: defaultDb(), sqs: defaultSqs(), actionsQueueUrl: config.ACTIONS_QUEUE_URL, defaultPacingWindowSeconds: config.PACING_WINDOW_SECONDS };
}

export function defaultRunActionDeps(): RunActionDeps {
  const config = getConfig();
  return {
    db: defaultDb(),
    sqs: defaultSqs(),
    actionsQueueUrl: config.ACTIONS_QUEUE_URL,
    provider: createProvider(config, defaultDb()),
    maxAttempts: config.ACTION_MAX_ATTEMPTS,
  };
}
