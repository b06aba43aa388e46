import type { SQSClient } from '@aws-sdk/client-sqs';
import * as z from '../zod';
import { ConflictError } from '../errors';
import { validate } from '../schemas/validate';
import { logger } from '../log';
import type { RunActionMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import { outreachTextSchema } from '../schemas/outreach-text';
import type { DecisionInput } from '../schemas/approval-decision';
import type { Approval } from '../store/approvals';
import type { ApprovalOutcome } from '../store/approvals';
import { approvalTextKind, decideApprovalItems, getApproval } from '../store/approvals';
import type { Db } from '../store/client';
import { finishJobIfDone } from '../outreach/jobs/finish-job';
import type { EventDeps } from '../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../webhooks/emit-event';
import { approvalEventData } from '../webhooks/event-data';

export interface ApprovalDeps extends EventDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  /** The API's public address, for links; relative links when empty. */
  publicBaseUrl: string;
}

/** An edited text obeys the limits of the request it came from (a comment's, a message's). */
const editedText = {
  comment: z.object({ text: outreachTextSchema(approvalTextKind.comment) }),
  dm: z.object({ text: outreachTextSchema(approvalTextKind.dm) }),
  post: z.object({ text: outreachTextSchema(approvalTextKind.post) }),
};

/**
 * Why a decision cannot be taken on an approval that is no longer pending. One that ran out of time
 * answers `approval-expired` whoever expired it, this request or the watch a moment before.
 */
function alreadyDecided(approval: Approval): ConflictError {
  if (approval.status === 'expired') return expiredError(approval);
  return new ConflictError(
    'approval-already-decided',
    `This approval was already ${approval.status}${approval.decidedAt ? ` at ${approval.decidedAt}` : ''}; a decision cannot be made twice or changed.`,
  );
}

function expiredError(approval: Approval): ConflictError {
  return new ConflictError('approval-expired', `This approval expired at ${approval.validUntil}; its action ended expired.`);
}

/**
 * Records a person's decision on a pending approval: approved (with the text, possibly edited,
 * checked against the same limits as the request) → its action runs; rejected → its action ends
 * `rejected`. A decided approval is a 409; one past its time is expired now and a 409 too.
 */
export async function decide(
  deps: ApprovalDeps,
  approval: Approval,
  input: DecisionInput,
  via: 'link' | 'api',
  now: Date,
): Promise<Approval> {
  if (approval.status !== 'pending') throw alreadyDecided(approval);
  if (Date.parse(approval.validUntil) <= now.getTime()) {
    await expireApproval(deps, approval, now);
    throw expiredError(approval);
  }
  const text =
    input.decision === 'approve' && input.text !== undefined
      ? validate(editedText[approval.kind], { text: input.text }).text
      : approval.text;
  const outcome = input.decision === 'approve' ? ({ status: 'approved', text } as const) : ({ status: 'rejected' } as const);
  if (!(await commitDecision(deps, approval, outcome, via, now))) {
    const current = await getApproval(deps.db, approval.workspaceId, approval.approvalId);
    throw alreadyDecided(current ?? approval);
  }

  if (outcome.status === 'approved') {
    const message: RunActionMessage = { v: 1, workspaceId: approval.workspaceId, jobId: approval.jobId, accountId: approval.accountId };
    // Should this send be lost, the action sits in the dispatch outbox, which the watch re-sends from.
    await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, { body: message }).catch((error: unknown) =>
      logger.warn('could not enqueue an approved action; the watch will', { ...message, error: error as Error }),
    );
  } else {
    await finishJobIfDone(deps, approval.workspaceId, approval.jobId, now);
  }
  return { ...approval, status: outcome.status, text, decidedAt: now.toISOString(), decidedVia: via };
}

/** Ends an undecided approval whose time ran out, and its action `expired`; false if it was decided meanwhile. */
export async function expireApproval(deps: EventDeps, approval: Approval, now: Date): Promise<boolean> {
  const expired = await commitDecision(deps, approval, { status: 'expired' }, 'expiry', now);
  if (expired) await finishJobIfDone(deps, approval.workspaceId, approval.jobId, now);
  return expired;
}

/** The decision and its `approval.decided` event, in one transaction; false when the approval was no longer pending. */
async function commitDecision(
  deps: EventDeps,
  approval: Approval,
  outcome: ApprovalOutcome,
  via: 'link' | 'api' | 'expiry',
  now: Date,
): Promise<boolean> {
  const decided: Approval = {
    ...approval,
    status: outcome.status,
    ...(outcome.status === 'approved' ? { text: outcome.text } : {}),
    decidedAt: now.toISOString(),
    decidedVia: via,
  };
  const event = await prepareEvent(
    deps.db,
    approval.workspaceId,
    'approval.decided',
    approvalEventData(decided, deps.publicBaseUrl ?? ''),
    now,
  );
  return commitWithEvents(deps, decideApprovalItems(deps.db, approval, outcome, via, now), [event]);
}
