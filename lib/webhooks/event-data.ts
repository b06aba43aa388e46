/**
 * The `data` of each event type, built from the stored entities: the shapes docs/webhooks.md documents.
 * Links are absolute when PUBLIC_BASE_URL is known.
 */
import { jobLocation, publicUrl, transcriptLocation } from '../http/links';
import type { Account } from '../store/accounts';
import type { Action, ActionTarget } from '../store/actions';
import type { Approval } from '../store/approvals';
import { approvalPath } from '../store/approvals';
import type { Job } from '../store/jobs';
import { endedCounts } from '../store/job-ends';
import type { LeadIdentity } from '../store/leads';
import type { AccountPause, PauseScope } from '../store/send-schedule';
import type { Transcript } from '../store/transcripts';
import type { WebhookEndpoint } from '../store/webhooks';

export function jobEventData(job: Job, status: string, finishedAt: Date, publicBaseUrl: string) {
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

export function approvalEventData(approval: Approval, publicBaseUrl: string) {
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
export function approvalRequestedData(approval: Approval, publicBaseUrl: string) {
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

/** `connection.accepted` and `dm.sent`: a DM action's person, its account and job. */
export function dmEventData(action: Action, target: ActionTarget, publicBaseUrl: string, extra: Record<string, unknown>) {
  return {
    jobId: action.jobId,
    account: accountOf(action),
    person: personOf(target),
    ...extra,
    links: { job: publicUrl(publicBaseUrl, jobLocation(action.jobId)) },
  };
}

/** `account.throttled`: the network paused one of the workspace's accounts (or one kind of its touches), and until when. */
export function accountThrottledData(account: Pick<Account, 'accountId' | 'name' | 'profileUrl'>, scope: PauseScope, pause: AccountPause) {
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

/** `lead.connected` and `lead.replied`: who, through which account, from which job. */
export function leadEventData(lead: LeadIdentity, publicBaseUrl: string, extra: Record<string, unknown>) {
  return {
    lead: personOf(lead),
    account: accountOf({ accountId: lead.accountId, accountName: lead.accountName }),
    jobId: lead.jobId,
    jobType: lead.jobType,
    ...extra,
    links: { job: publicUrl(publicBaseUrl, jobLocation(lead.jobId)) },
  };
}

export function transcriptEventData(transcript: Transcript, publicBaseUrl: string) {
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

export function webhookDisabledData(endpoint: WebhookEndpoint, failingSince: string, now: Date) {
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
  extra: { at: string; cause?: string; detail?: string },
) {
  return {
    account: { accountId: account.accountId, name: account.name, profileUrl: account.profileUrl },
    providerAccountId: account.providerAccountId,
    ...extra,
  };
}
