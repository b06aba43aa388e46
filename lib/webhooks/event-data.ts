/**
 * The `data` of each event type, built from the stored entities: each builder makes what its type's
 * schema says (lib/schemas/responses/webhook-events.ts), the contract the OpenAPI document publishes.
 * Links are absolute when PUBLIC_BASE_URL is known.
 */
import { jobLocation, publicUrl, transcriptLocation } from '../http/links';
import type { Account } from '../store/accounts';
import type { Action, ActionTarget } from '../store/actions';
import type { Approval } from '../store/approvals';
import { approvalPath } from '../store/approvals';
import type { FinalJobStatus, Job } from '../store/jobs';
import { endedCounts } from '../store/job-ends';
import type { LeadIdentity } from '../store/leads';
import type { AccountPause, PauseScope } from '../store/send-schedule';
import type { Transcript } from '../store/transcripts';
import type { WebhookEndpoint } from '../store/webhooks';
import type { WebhookEventData } from '../schemas/responses/webhook-events';

/** What every event about a DM's action carries, whatever else it says. */
type DmEventFields = Pick<WebhookEventData<'dm.sent'>, 'jobId' | 'account' | 'person' | 'links'>;

/** What every event about a lead carries. */
type LeadEventFields = Pick<WebhookEventData<'lead.replied'>, 'lead' | 'account' | 'jobId' | 'jobType' | 'links'>;

export function jobEventData(
  job: Job,
  status: FinalJobStatus,
  finishedAt: Date,
  publicBaseUrl: string,
): WebhookEventData<`job.${FinalJobStatus}`> {
  return {
    jobId: job.jobId,
    type: job.type,
    status,
    counts: endedCounts(job),
    createdAt: job.createdAt,
    finishedAt: finishedAt.toISOString(),
    ...(job.failureReason ? { failureReason: job.failureReason } : {}),
    links: { job: publicUrl(publicBaseUrl, jobLocation(job.jobId)) },
  };
}

export function approvalEventData(approval: Approval, publicBaseUrl: string): WebhookEventData<'approval.decided'> {
  return {
    approvalId: approval.approvalId,
    jobId: approval.jobId,
    kind: approval.kind,
    status: approval.status,
    sender: approval.sender,
    target: approval.target,
    text: approval.text,
    validUntil: approval.validUntil,
    ...(approval.decidedAt ? { decidedAt: approval.decidedAt, decidedVia: approval.decidedVia } : {}),
    links: {
      approval: publicUrl(publicBaseUrl, `/api/v1/approvals/${approval.approvalId}`),
      job: publicUrl(publicBaseUrl, jobLocation(approval.jobId)),
    },
  };
}

/** The approval page's link (single use, a secret): only `approval.requested` carries it. */
export function approvalRequestedData(approval: Approval, publicBaseUrl: string): WebhookEventData<'approval.requested'> {
  const data = approvalEventData(approval, publicBaseUrl);
  return { ...data, links: { ...data.links, page: publicUrl(publicBaseUrl, approvalPath(approval.token)) } };
}

function personOf(target: ActionTarget | Pick<LeadIdentity, 'profileUrl' | 'name' | 'providerId' | 'publicIdentifier' | 'email'>) {
  return {
    profileUrl: target.profileUrl,
    ...(target.name ? { name: target.name } : {}),
    ...('email' in target && target.email ? { email: target.email } : {}),
    providerId: target.providerId,
    publicIdentifier: target.publicIdentifier,
  };
}

function accountOf(action: Pick<Action, 'accountId' | 'accountName' | 'profileUrl'>) {
  return {
    accountId: action.accountId,
    ...(action.accountName ? { name: action.accountName } : {}),
    ...(action.profileUrl ? { profileUrl: action.profileUrl } : {}),
  };
}

/** What `connection.accepted` and `dm.sent` share: a DM action's person, its account and job; each adds its own. */
export function dmEventData(action: Action, target: ActionTarget, publicBaseUrl: string): DmEventFields {
  return {
    jobId: action.jobId,
    account: accountOf(action),
    person: personOf(target),
    links: { job: publicUrl(publicBaseUrl, jobLocation(action.jobId)) },
  };
}

/** A published post's ids and address, from its action's details (`PublishedPostDetails`). */
export function publishedPostOf(details: Record<string, string> | undefined): WebhookEventData<'post.published'>['post'] {
  return {
    url: details?.url ?? null,
    ...(details?.socialId ? { socialId: details.socialId } : {}),
    ...(details?.postId ? { postId: details.postId } : {}),
  };
}

/** What a post's amplification started, from its action's details (lib/outreach/run/perform-post.ts `Amplification`). */
export function amplificationOf(
  details: Record<string, string> | undefined,
  publicBaseUrl: string,
): NonNullable<WebhookEventData<'post.published'>['amplification']> {
  const jobs = (
    [
      ['like', details?.likeJobId],
      ['comment', details?.commentJobId],
    ] as const
  ).flatMap(([type, jobId]) => (jobId ? [{ jobId, type, links: { job: publicUrl(publicBaseUrl, jobLocation(jobId)) } }] : []));
  return { jobs, ...(details?.amplificationSkipped ? { skipped: details.amplificationSkipped } : {}) };
}

/** `post.published`: a post job's post is out, from `action`'s account, with what its amplification started (when it asked for one). */
export function postPublishedData(
  action: Action,
  published: { text: string; details: Record<string, string> | undefined; amplified: boolean; at: Date },
  publicBaseUrl: string,
): WebhookEventData<'post.published'> {
  return {
    jobId: action.jobId,
    account: accountOf(action),
    post: publishedPostOf(published.details),
    text: published.text,
    publishedAt: published.at.toISOString(),
    ...(published.amplified ? { amplification: amplificationOf(published.details, publicBaseUrl) } : {}),
    links: { job: publicUrl(publicBaseUrl, jobLocation(action.jobId)) },
  };
}

/** `account.throttled`: the network paused one of the workspace's accounts (or one kind of its touches), and until when. */
export function accountThrottledData(
  account: Pick<Account, 'accountId' | 'name' | 'profileUrl'>,
  scope: PauseScope,
  pause: AccountPause,
): WebhookEventData<'account.throttled'> {
  return {
    account: { accountId: account.accountId, name: account.name, profileUrl: account.profileUrl },
    // Absent when the whole account waits.
    ...(scope === 'all' ? {} : { kind: scope }),
    reason: pause.reason,
    since: pause.since,
    until: pause.until,
    signal: pause.signal,
  };
}

/** What `lead.connected` and `lead.replied` share: who, through which account, from which job; each adds its own. */
export function leadEventData(lead: LeadIdentity, publicBaseUrl: string): LeadEventFields {
  return {
    lead: personOf(lead),
    account: accountOf({ accountId: lead.accountId, accountName: lead.accountName }),
    jobId: lead.jobId,
    jobType: lead.jobType,
    links: { job: publicUrl(publicBaseUrl, jobLocation(lead.jobId)) },
  };
}

export function transcriptEventData(transcript: Transcript, publicBaseUrl: string): WebhookEventData<'transcript.analysed'> {
  const metrics = transcript.analysis?.metrics;
  return {
    callId: transcript.callId,
    title: transcript.title,
    callStartTime: transcript.callStartTime,
    status: transcript.status,
    ...(transcript.analysis
      ? {
          analyser: transcript.analysis.analyser,
          // How the duration was found goes with it: timestamps may cover only part of the call.
          durationSeconds: metrics?.durationSeconds,
          durationSource: metrics?.durationSource,
          timedShare: metrics?.timedShare,
          words: metrics?.words,
          ideas: transcript.analysis.ideas.length,
        }
      : {}),
    ...(transcript.failure ? { failure: transcript.failure } : {}),
    links: { transcript: publicUrl(publicBaseUrl, transcriptLocation(transcript.callId)) },
  };
}

export function webhookDisabledData(endpoint: WebhookEndpoint, failingSince: string, now: Date): WebhookEventData<'webhook.disabled'> {
  return {
    webhookId: endpoint.webhookId,
    url: endpoint.url,
    failingSince,
    disabledAt: now.toISOString(),
    reason: 'failing',
  };
}

/** `account.connected`, `account.disconnected` and `account.reconnected`: which account, and what said so. */
export function accountConnectionData(
  account: Pick<Account, 'accountId' | 'name' | 'profileUrl' | 'providerAccountId'>,
  extra: Pick<WebhookEventData<'account.connected'>, 'at' | 'cause' | 'detail'>,
): WebhookEventData<'account.connected'> {
  return {
    account: { accountId: account.accountId, name: account.name, profileUrl: account.profileUrl },
    providerAccountId: account.providerAccountId,
    ...extra,
  };
}
