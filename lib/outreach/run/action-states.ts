import type { ActionStatus } from '../../store/actions';

/**
 * The states of an action (`ActionStatus`, lib/store/actions.ts) and what moves it from one to the
 * next, and where in the code each move is made. `succeeded`, `failed`, `rejected`, `expired` and
 * `cancelled` are final: each ends the action and counts it in its job, and nothing moves it again.
 * A unit test holds the table to that (tests/unit/lib/outreach/run/action-states.test.ts).
 */
export interface ActionMove {
  /** `planned`: the action is made in this state. */
  from: ActionStatus | 'planned';
  when: string;
  to: ActionStatus;
  /** The module that makes the move. */
  by: string;
}

const planJob = 'lib/outreach/plan/plan-job.ts';
const attempt = 'lib/outreach/run/attempt-action.ts';
const runAction = 'lib/outreach/run/run-action.ts';
const recordCall = 'lib/outreach/run/record-call.ts';
const deferAction = 'lib/outreach/run/defer-action.ts';
const failedAttempt = 'lib/outreach/run/failed-attempt.ts';
const lastDelivery = 'lib/outreach/run/last-delivery.ts';
const stopActions = 'lib/outreach/jobs/stop-actions.ts';

export const actionMoves: readonly ActionMove[] = [
  { from: 'planned', when: 'nobody has to approve it', to: 'pending', by: planJob },
  { from: 'planned', when: 'a person must approve it first', to: 'awaiting_approval', by: planJob },
  { from: 'pending', when: 'its time came, and one attempt takes it (a lease)', to: 'running', by: runAction },
  { from: 'running', when: 'the network call worked', to: 'succeeded', by: recordCall },
  { from: 'running', when: "a DM's invitation went out, or one was already out", to: 'awaiting_connection', by: recordCall },
  {
    from: 'running',
    when: 'the safety gate says "not yet" (the send slot, working hours, a limit), or a warning from the network paused the account: deferred, the attempt does not count',
    to: 'pending',
    by: deferAction,
  },
  {
    from: 'running',
    when: 'its account is paused, or its login disconnected: deferred, it looks again later',
    to: 'pending',
    by: deferAction,
  },
  { from: 'running', when: 'a network error worth retrying, attempts left: after a backoff', to: 'pending', by: failedAttempt },
  { from: 'running', when: 'an unexpected error of ours: retried at once', to: 'pending', by: lastDelivery },
  {
    from: 'running',
    when: 'the network refused, the attempts ran out, the limit is zero, the job ended, or the account stayed disconnected too long',
    to: 'failed',
    by: failedAttempt,
  },
  {
    from: 'running',
    when: 'a post may have gone out unrecorded (outcome unknown), or the last delivery of its message failed',
    to: 'failed',
    by: lastDelivery,
  },
  { from: 'running', when: 'its job was cancelled, or its account removed', to: 'cancelled', by: attempt },
  {
    from: 'running',
    when: 'the attempt died holding it and its lease ran out: the next delivery (or one the watch sends) takes it over',
    to: 'running',
    by: runAction,
  },
  { from: 'pending', when: 'its job is cancelled, or its account removed', to: 'cancelled', by: stopActions },
  { from: 'awaiting_approval', when: 'its job is cancelled, or its account removed', to: 'cancelled', by: stopActions },
  { from: 'awaiting_connection', when: 'its job is cancelled, or its account removed', to: 'cancelled', by: stopActions },
  { from: 'awaiting_approval', when: 'approved (the text maybe edited)', to: 'pending', by: 'lib/approvals/decide-approval.ts' },
  { from: 'awaiting_approval', when: 'refused', to: 'rejected', by: 'lib/approvals/decide-approval.ts' },
  {
    from: 'awaiting_approval',
    when: 'not decided in time (found so when decided, or by the connection watch)',
    to: 'expired',
    by: 'lib/approvals/decide-approval.ts',
  },
  {
    from: 'awaiting_connection',
    when: 'the person accepted (seen by the webhook or the connection watch): the message goes out next',
    to: 'pending',
    by: 'lib/outreach/leads/connection-accepted.ts',
  },
  {
    from: 'awaiting_connection',
    when: 'not accepted in time (the connection watch)',
    to: 'expired',
    by: 'lib/outreach/watch/connection-watch.ts',
  },
];
