/**
 * The single table's key layout. Every item of a workspace lives under a partition key that
 * starts with `WS#<workspaceId>`, so no lookup by id can cross into another workspace.
 * API keys are the one exception: they are found by the SHA-256 of the key, before the
 * workspace is known.
 */
/** The index partition of held actions (`keys.heldActionIndex`), which the lapsed-lease sweep reads. */
export const HELD_ACTIONS = 'HELD_ACTIONS';

export const keys = {
  workspace: (workspaceId: string) => ({ pk: `WS#${workspaceId}`, sk: 'WORKSPACE' }),
  workspaceIndex: (workspaceId: string) => ({ gsi1pk: 'WORKSPACES', gsi1sk: workspaceId }),
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' }),
  apiKeyIndex: (workspaceId: string, keyId: string) => ({ gsi1pk: `WS#${workspaceId}#APIKEYS`, gsi1sk: keyId }),
  account: (workspaceId: string, accountId: string) => ({ pk: `WS#${workspaceId}`, sk: `ACCOUNT#${accountId}` }),
  accountProfileIndex: (workspaceId: string, profileUrl: string) => ({
    gsi1pk: `WS#${workspaceId}#PROFILES`,
    gsi1sk: profileUrl,
  }),
  /** Accounts by the provider's login id, before the workspace is known (the provider's account status webhook). */
  accountLoginIndex: (providerAccountId: string, workspaceId: string, accountId: string) => ({
    gsi2pk: `LOGIN#${providerAccountId}`,
    gsi2sk: `${workspaceId}#${accountId}`,
  }),
  group: (workspaceId: string, groupKey: string) => ({ pk: `WS#${workspaceId}`, sk: `GROUP#${groupKey}` }),
  job: (workspaceId: string, jobId: string) => ({ pk: `WS#${workspaceId}`, sk: `JOB#${jobId}` }),
  /**
   * Jobs still `queued`, by when they were created (set on creation, removed when a planner takes
   * the job or it ends): the sweep fails those whose request never got its message on the queue.
   * Spread over shards (`shard` from the job id) so job creation never writes one hot index key.
   */
  queuedJobIndex: (shard: number, createdAt: string, workspaceId: string, jobId: string) => ({
    gsi1pk: `QUEUED_JOBS#${shard}`,
    gsi1sk: `${createdAt}#${workspaceId}#${jobId}`,
  }),
  /** A workspace's jobs by creation time (then id), for the newest-first list; kept for the job's life. */
  jobListIndex: (workspaceId: string, createdAt: string, jobId: string) => ({
    gsi2pk: `WS#${workspaceId}#JOBS`,
    gsi2sk: `${createdAt}#${jobId}`,
  }),
  /**
   * One part of a big job's accounts, as its planner read them once (see job-plans.ts). Not under
   * the job's own prefix, so a read of the job and its actions never meets it.
   */
  jobPlanPart: (workspaceId: string, jobId: string, index: number) => ({ pk: `WS#${workspaceId}`, sk: `JOBPLAN#${jobId}#${index}` }),
  action: (workspaceId: string, jobId: string, accountId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `JOB#${jobId}#ACTION#${accountId}`,
  }),
  approval: (workspaceId: string, approvalId: string) => ({ pk: `WS#${workspaceId}`, sk: `APPROVAL#${approvalId}` }),
  /** Finds an approval from its link's token (by hash), before the workspace is known, like an api key. */
  approvalToken: (tokenHash: string) => ({ pk: `APPROVALTOKEN#${tokenHash}`, sk: 'APPROVALTOKEN' }),
  /** A message telling an approval's person it waits (`request`), or that it will soon expire (`reminder`). */
  // Its keys still say NOTICE, the name it had: stored items keep the keys they were written with.
  approvalNotification: (workspaceId: string, approvalId: string, purpose: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `APPROVAL#${approvalId}#NOTICE#${purpose}`,
  }),
  /** Notifications not yet sent, by when they are due: the sweep sends those due (reminders, lost messages). */
  dueNotificationIndex: (dueAt: string, workspaceId: string, approvalId: string, purpose: string) => ({
    gsi1pk: 'NOTICE_DUE',
    gsi1sk: `${dueAt}#${workspaceId}#${approvalId}#${purpose}`,
  }),
  /** Undecided approvals, by the time they expire (set while pending, removed on decision). */
  openApprovalIndex: (validUntil: string, workspaceId: string, approvalId: string) => ({
    gsi1pk: 'OPEN_APPROVALS',
    gsi1sk: `${validUntil}#${workspaceId}#${approvalId}`,
  }),
  /** Actions waiting for a person to accept an invitation, by acting login and person (webhook and watch). */
  awaitingConnectionIndex: (providerAccountId: string, publicId: string, workspaceId: string, jobId: string, accountId: string) => ({
    gsi1pk: 'AWAITING_CONNECTION',
    gsi1sk: `${providerAccountId}#${publicId}#${workspaceId}#${jobId}#${accountId}`,
  }),
  /**
   * Actions made pending outside the planner (approved, connection accepted), until a worker claims
   * them: an outbox the watch re-sends from should the enqueue right after the change be lost.
   */
  dispatchIndex: (at: string, workspaceId: string, jobId: string, accountId: string) => ({
    gsi1pk: 'DISPATCH',
    gsi1sk: `${at}#${workspaceId}#${jobId}#${accountId}`,
  }),
  /**
   * Actions held by an attempt (running), by when its lease ends: set by the claim, removed when the
   * attempt ends or releases the action. An entry long past its time is an action nothing will move
   * on (its message gone), which the connection watch re-drives. One key: claims are bounded by the
   * actions worker's concurrency, far below what one index partition takes.
   */
  heldActionIndex: (leaseUntil: string, workspaceId: string, jobId: string, accountId: string) => ({
    gsi1pk: HELD_ACTIONS,
    gsi1sk: `${leaseUntil}#${workspaceId}#${jobId}#${accountId}`,
  }),
  transcript: (workspaceId: string, callId: string) => ({ pk: `WS#${workspaceId}`, sk: `TRANSCRIPT#${callId}` }),
  /** A workspace's transcripts by call start time (ISO, so it sorts), for the newest-first list. */
  transcriptIndex: (workspaceId: string, callStartTime: string, callId: string) => ({
    gsi1pk: `WS#${workspaceId}#TRANSCRIPTS`,
    gsi1sk: `${callStartTime}#${callId}`,
  }),
  webhook: (workspaceId: string, webhookId: string) => ({ pk: `WS#${workspaceId}`, sk: `WEBHOOK#${webhookId}` }),
  /** A webhook's deliveries sit in a partition of their own (of the workspace), newest last by ULID. */
  webhookDelivery: (workspaceId: string, webhookId: string, deliveryId: string) => ({
    pk: `WS#${workspaceId}#WEBHOOK#${webhookId}`,
    sk: `DELIVERY#${deliveryId}`,
  }),
  /** Deliveries waiting for an attempt, by when it is due: the sweep re-sends those whose message may be lost. */
  dueDeliveryIndex: (dueAt: string, workspaceId: string, webhookId: string, deliveryId: string) => ({
    gsi1pk: 'WEBHOOK_DUE',
    gsi1sk: `${dueAt}#${workspaceId}#${webhookId}#${deliveryId}`,
  }),
  /** Marks an event emitted once (a provider message seen twice is one `lead.replied`). */
  eventOnce: (workspaceId: string, dedupeKey: string) => ({ pk: `WS#${workspaceId}`, sk: `EVENTONCE#${dedupeKey}` }),
  /** A person one of the workspace's accounts invited or messaged, found again when they accept or reply. */
  lead: (workspaceId: string, accountId: string, providerId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `LEAD#${accountId}#${providerId}`,
  }),
  /** Leads by acting login and person, as the provider's webhook names them (no workspace in it). */
  leadIndex: (providerAccountId: string, providerId: string, workspaceId: string, accountId: string) => ({
    gsi1pk: `LEADS#${providerAccountId}#${providerId}`,
    gsi1sk: `${workspaceId}#${accountId}`,
  }),
  /** A connection request's invitation, watched for its acceptance (see invitation-watches.ts). */
  invitationWatch: (workspaceId: string, accountId: string, providerId: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `INVITATIONWATCH#${accountId}#${providerId}`,
  }),
  /** Watched invitations, by when their watch ends, for the connection watch. */
  pendingInvitationIndex: (watchUntil: string, workspaceId: string, accountId: string, providerId: string) => ({
    gsi1pk: 'PENDING_INVITATIONS',
    gsi1sk: `${watchUntil}#${workspaceId}#${accountId}#${providerId}`,
  }),
  /** An account's count of actions not ended (see account-backlogs.ts). */
  accountBacklog: (workspaceId: string, accountId: string) => ({ pk: `WS#${workspaceId}`, sk: `BACKLOG#${accountId}` }),
  /** An account's send schedule: the last slot handed out to its network touches (see send-schedule.ts). */
  sendSchedule: (workspaceId: string, accountId: string) => ({ pk: `WS#${workspaceId}`, sk: `SENDSCHEDULE#${accountId}` }),
  /** A workspace's request count in one rate-limit window (its start, ISO). */
  rateCounter: (workspaceId: string, windowStart: string) => ({ pk: `WS#${workspaceId}`, sk: `RATE#${windowStart}` }),
  idempotency: (workspaceId: string, keyHash: string) => ({ pk: `WS#${workspaceId}`, sk: `IDEMPOTENCY#${keyHash}` }),
  sandboxPartition: (workspaceId: string) => `WS#${workspaceId}#SANDBOX`,
  /** A sandbox login a connect page registered, found by its id alone (`getOwnProfile` names no workspace). */
  sandboxLogin: (providerAccountId: string) => ({ pk: `SANDBOXLOGIN#${providerAccountId}`, sk: 'SANDBOXLOGIN' }),
  /** A connect link's state, found by the hash of its token before the workspace is known (like an approval's token). */
  connectLink: (tokenHash: string) => ({ pk: `CONNECTLINK#${tokenHash}`, sk: 'CONNECTLINK' }),
  /** An account's usage counter of one action kind in one period (`YYYY-MM-DD` or `YYYY-Www`). */
  quota: (workspaceId: string, accountId: string, kind: string, period: string) => ({
    pk: `WS#${workspaceId}`,
    sk: `QUOTA#${accountId}#${kind}#${period}`,
  }),
} as const;

/** Epoch seconds, the unit of DynamoDB's TTL attribute `expiresAt`. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
