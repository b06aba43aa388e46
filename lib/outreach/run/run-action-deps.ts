/** What the actions worker's steps need (lib/outreach/run), and what an attempt comes to. */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { NetworkProvider } from '../../network/provider';
import type { ActionEnd } from '../../store/actions';
import type { Db } from '../../store/client';
import type { TransactItem } from '../../store/transact';
import type { EventDeps, PreparedEvent } from '../../webhooks/emit-event';
import type { SignalCooldowns } from '../safety/provider-signals';
import type { SubmitJobDeps } from '../accept/submit-job';

export interface RunActionDeps extends EventDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  provider: NetworkProvider;
  maxAttempts: number;
  /** How long to wait for an invitation to be accepted, unless the workspace sets its own time. */
  connectionExpirySeconds: number;
  /** How long one attempt holds the action. Longer than the worker's timeout, so a live attempt never loses it. */
  leaseSeconds?: number;
  /** Seconds to wait before the next attempt. By default, the backoff of retry-policy.ts. */
  retryDelaySeconds?: (attempt: number, retryAfterSeconds?: number) => number;
  /** How long an account rests after a warning from the network that gives no time of its own. The defaults when absent. */
  signalCooldowns?: SignalCooldowns;
  /** How often an action of a paused or disconnected account looks again (15 min when absent). */
  accountRecheckSeconds?: number;
  /** How long an account may stay disconnected before its actions end failed (3 days when absent). */
  disconnectedFailSeconds?: number;
  /** Where a published post's amplification jobs are submitted (perform-post.ts); absent, a post that asks for one says it was skipped. */
  amplify?: SubmitJobDeps;
}

/** People see comments, messages and posts, so a second copy shows. When we do not know if one went out, it is not retried. */
export const visibleWrites = new Set(['comment', 'message', 'post']);
/** The job types whose actions post such things (a DM's action posts its message, or first its invitation). */
export const postingJobTypes = new Set(['comment', 'dm', 'post']);

/** The end of an action whose post may have gone out: failed, and never tried again. */
export const outcomeUnknown = (error: string): Ending => ({
  end: { status: 'failed', reason: 'outcome_unknown', error },
  visibleCallMade: true,
});

/** How an action ends, with what is written in the same transaction (its lead) and the events it sends (`dm.sent`, `post.published`). */
export interface Ending {
  end: ActionEnd;
  items?: TransactItem[];
  events?: PreparedEvent[];
  /** A comment or a message went out, or may have: if recording the end fails, it must not be posted again. */
  visibleCallMade?: boolean;
}

/** What an attempt learnt that its caller counts the action's end by (lib/metrics.ts): its job's type, once read. */
export interface AttemptNotes {
  jobType?: string;
}
