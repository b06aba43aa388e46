import { newId, randomBase62 } from '../../ids';
import { textLimits } from '../../schemas/outreach-text';
import type { Account } from '../../store/accounts';
import type { Approval, ApprovalKind } from '../../store/approvals';
import { approvalTextKind } from '../../store/approvals';
import type { Job } from '../../store/jobs';

/** Characters of an approval link's token: ~190 bits, unguessable. */
const TOKEN_LENGTH = 32;

/** The jobs whose actions may wait for a person's approval: comments, DMs and posts. */
export type ApprovableJob = Job<'comment' | 'dm' | 'post'>;

/**
 * The job, when this account's action of it must be approved first: a comment by an account in
 * `ask` mode or by a named commentor, a DM or a post asked with `get_approved` (a post's default);
 * else undefined. It answers with the job, not a yes or no, so that the compiler knows an approval
 * is only drafted for a comment, a DM or a post.
 */
export function jobToApprove(job: Job, account: Account): ApprovableJob | undefined {
  switch (job.type) {
    case 'comment':
      return job.request.from === 'commentor' || account.mode === 'ask' ? job : undefined;
    case 'dm':
    case 'post':
      return job.request.get_approved === true ? job : undefined;
    default:
      return undefined;
  }
}

/** What an approval shows: where the text goes (the post, the person messaged, the author's profile) and the text. */
function approvalSubject(job: ApprovableJob): { kind: ApprovalKind; url: string; text: string } {
  switch (job.type) {
    case 'comment':
      return { kind: 'comment', url: job.request.post.url, text: job.request.comment };
    case 'dm':
      return { kind: 'dm', url: job.request.target, text: job.request.message };
    case 'post':
      return { kind: 'post', url: job.request.user, text: job.request.text };
  }
}

/** The approval asked of `account` for its action of `job`, valid for `validForSeconds`. */
export function draftApproval(job: ApprovableJob, account: Account, validForSeconds: number, now: Date): Approval {
  const { kind, url, text } = approvalSubject(job);
  const token = randomBase62(TOKEN_LENGTH);
  return {
    workspaceId: job.workspaceId,
    approvalId: newId('apr'),
    token,
    jobId: job.jobId,
    accountId: account.accountId,
    kind,
    status: 'pending',
    sender: { accountId: account.accountId, name: account.name, profileUrl: account.profileUrl },
    target: { url },
    text,
    maxLength: textLimits[approvalTextKind[kind]],
    createdAt: now.toISOString(),
    validUntil: new Date(now.getTime() + validForSeconds * 1000).toISOString(),
    expiresAt: job.expiresAt,
  };
}
