/** A workspace's jobs a page at a time (newest first, filtered), and the queued jobs no worker took. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { JobType } from '../schemas/job-request';
import type { Db } from './client';
import { keys } from './keys';
import type { Job, JobStatus } from './jobs';
import { QUEUED_JOB_SHARDS, toJob } from './jobs';

/**
 * Queued jobs no planner has taken, created before `createdBefore`, the oldest first in each
 * shard and at most `perShard` of each (the next sweep reads on): a bounded read, never a scan.
 */
export async function listUntakenQueuedJobs(db: Db, createdBefore: Date, perShard: number): Promise<Job[]> {
  const pages = await Promise.all(
    Array.from({ length: QUEUED_JOB_SHARDS }, (_, shard) =>
      db.client.send(
        new QueryCommand({
          TableName: db.table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
          ExpressionAttributeValues: { ':p': keys.queuedJobIndex(shard, '', '', '').gsi1pk, ':before': createdBefore.toISOString() },
          Limit: perShard,
        }),
      ),
    ),
  );
  return pages.flatMap(({ Items = [] }) => Items.map(toJob));
}

export interface JobListFilter {
  status?: JobStatus;
  type?: JobType;
  /** Jobs created at or after this time only. */
  since?: Date;
}

/** Where a page of jobs ends: the next page starts after it. */
export interface JobListCursor {
  createdAt: string;
  jobId: string;
}

function cursorOf(listKey: string): JobListCursor {
  const [createdAt = '', jobId = ''] = listKey.split('#');
  return { createdAt, jobId };
}

/** Index reads one page may make while a filter leaves it short: bounds the work of one request. */
const MAX_LIST_READS = 5;

/**
 * One page of the workspace's jobs, newest first (by creation, then id), filtered by status and
 * type; `next` when more may follow. The index is eventually consistent: a job created a moment
 * ago may show a moment later. A filter reads past the jobs it leaves out, at most a few index
 * pages a request; the page may then be short, with `next` to read on.
 */
export async function listJobs(
  db: Db,
  workspaceId: string,
  filter: JobListFilter,
  limit: number,
  after?: JobListCursor,
): Promise<{ items: Job[]; next?: JobListCursor }> {
  const index = keys.jobListIndex(workspaceId, '', '');
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':p': index.gsi2pk };
  let keyCondition = 'gsi2pk = :p';
  if (filter.since) {
    keyCondition += ' AND gsi2sk >= :since';
    values[':since'] = filter.since.toISOString();
  }
  const filters: string[] = [];
  if (filter.status) {
    names['#status'] = 'status';
    values[':status'] = filter.status;
    filters.push('#status = :status');
  }
  if (filter.type) {
    names['#type'] = 'type';
    values[':type'] = filter.type;
    filters.push('#type = :type');
  }
  const items: Job[] = [];
  let startKey: Record<string, unknown> | undefined = after && {
    ...keys.job(workspaceId, after.jobId),
    ...keys.jobListIndex(workspaceId, after.createdAt, after.jobId),
  };
  for (let read = 0; read < MAX_LIST_READS && items.length < limit; read++) {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi2',
        KeyConditionExpression: keyCondition,
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map(toJob));
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  // The next page starts after the last job read, returned or filtered out.
  const next = startKey && cursorOf(String(startKey.gsi2sk));
  return { items, ...(next ? { next } : {}) };
}
