import type { BatchWriteCommandInput, BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { writtenIfConditionHolds } from './condition-failed';
import type { Job } from './jobs';
import { toJob } from './jobs';
import { keys } from './keys';
import { entityReader } from './stored-entity';

/**
 * A job's plan, for jobs of any size: its accounts are read once and split into parts, each planned
 * on its own (one queue message, one Lambda invocation) so no part outgrows a Lambda's time or a
 * message's size. The job item keeps how many parts there are (`planParts`) and which are done
 * (`plannedParts`, a number set: a part redelivered after it was counted is not counted twice). A
 * job of one part keeps its accounts on its own item; a bigger one keeps each part's on an item of
 * its own, so the job item never grows with the job.
 */

/** One part of a bigger job's plan: its accounts. */
interface PlanPart {
  accountIds: string[];
  expiresAt: number;
}

/** A part from its item (stored-entity.ts). */
const toPlanPart = entityReader<PlanPart>()(['accountIds', 'expiresAt']);

/** A batch of writes, as BatchWriteItem takes them and gives back the unprocessed. */
type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

/** Writes the accounts of every part of a job of more than one part (done again by a redelivery, before any part runs). */
export async function putPlanParts(db: Db, job: Pick<Job, 'workspaceId' | 'jobId' | 'expiresAt'>, parts: string[][]): Promise<void> {
  const items = parts.map((accountIds, index) => ({
    PutRequest: { Item: { ...keys.jobPlanPart(job.workspaceId, job.jobId, index), accountIds, expiresAt: job.expiresAt } },
  }));
  for (let i = 0; i < items.length; i += 25) {
    let pending: WriteRequests | undefined = items.slice(i, i + 25);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 5) throw new Error('BatchWriteItem left items unprocessed after 5 retries');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result: BatchWriteCommandOutput = await db.client.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = result.UnprocessedItems?.[db.table];
    }
  }
}

/** The accounts of one part of a job of more than one part (empty when missing). */
export async function getPlanPart(db: Db, workspaceId: string, jobId: string, index: number): Promise<string[]> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.jobPlanPart(workspaceId, jobId, index), ConsistentRead: true }),
  );
  return Item ? toPlanPart(Item).accountIds : [];
}

/**
 * An update of a job made only while it is queued and `condition` holds: the job as it now is, or
 * undefined when refused. `#total` names the job's total (a reserved word).
 */
async function updateWhileQueued(
  db: Db,
  workspaceId: string,
  jobId: string,
  update: string,
  condition: string,
  values: Record<string, unknown>,
): Promise<Job | undefined> {
  const item = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(workspaceId, jobId),
        UpdateExpression: update,
        ConditionExpression: `#status = :queued AND ${condition}`,
        ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
        ExpressionAttributeValues: { ...values, ':queued': 'queued' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return item && toJob(item);
}

/**
 * Fixes a queued job's plan once: its part count, and its accounts read at planning (the count a
 * request made from cached groups is replaced by what the planner found). The job as it now is,
 * or undefined when it was fixed already or is no longer queued.
 */
export function startJobPlan(
  db: Db,
  workspaceId: string,
  jobId: string,
  plan: { parts: number; accountCount: number; accountIds?: string[] },
): Promise<Job | undefined> {
  const values: Record<string, unknown> = { ':parts': plan.parts, ':count': plan.accountCount };
  let update = 'SET planParts = :parts, #total = :count, remaining = :count';
  if (plan.accountIds) {
    update += ', accountIds = :ids';
    values[':ids'] = plan.accountIds;
  }
  return updateWhileQueued(db, workspaceId, jobId, update, 'attribute_not_exists(planParts)', values);
}

/**
 * Counts one part planned, once: the accounts it left out come off the job's total and remaining,
 * with a warning saying why. The job as it now is, or undefined when this part was counted already
 * or the job is no longer queued (cancelled, or failed, meanwhile).
 */
export function recordPartPlanned(
  db: Db,
  workspaceId: string,
  jobId: string,
  part: { index: number; leftOut: number; warnings: string[] },
  at: Date,
): Promise<Job | undefined> {
  const values: Record<string, unknown> = {
    ':part': new Set([part.index]),
    ':index': part.index,
    ':minus': -part.leftOut,
    ':at': at.toISOString(),
  };
  let update = 'ADD plannedParts :part, #total :minus, remaining :minus SET updatedAt = :at';
  if (part.warnings.length) {
    update += ', warnings = list_append(if_not_exists(warnings, :none), :warnings)';
    values[':none'] = [];
    values[':warnings'] = part.warnings;
  }
  return updateWhileQueued(db, workspaceId, jobId, update, 'NOT contains(plannedParts, :index)', values);
}
