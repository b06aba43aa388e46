import { newId, randomBase62 } from '../../ids';
import type { PostRef } from '../../network/model/post-url';
import { textLimits } from '../../schemas/outreach-text';
import type { Account } from '../../store/accounts';
import type { Approval, ApprovalKind } from '../../store/approvals';
import { approvalTextKind } from '../../store/approvals';
import type { Job } from '../../store/jobs';

/** Characters of an approval link's token: ~190 bits, unguessable. */
const TOKEN_LENGTH = 32;

/**
 * Whether this account's action of the job must be approved first: a comment by an account in
 * `ask` mode or by a named commentor, a DM asked with `get_approved`.
 */
export function needsApproval(job: Job, account: Account): boolean {
  switch (job.type) {
    case 'comment':
      return job.request.from === 'commentor' || account.mode === 'ask';
    case 'dm':
      return job.request.get_approved === true;
    default:
      return false;
  }
}

/** The approval asked of `account` for its action of `job`, valid for `validForSeconds`. */
export function draftApproval(job: Job, account: Account, validForSeconds: number, now: Date): Approval {
  const kind: ApprovalKind = job.type === 'comment' ? 'comment' : 'dm';
  const isComment = kind === 'comment';
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
    target: { url: isComment ? (job.request.post as PostRef).url : String(job.request.target) },
    text: String(isComment ? job.request.comment : job.request.message),
    maxLength: textLimits[approvalTextKind[kind]],
    createdAt: now.toISOString(),
    validUntil: new Date(now.getTime() + validForSeconds * 1000).toISOString(),
    expiresAt: job.expiresAt,
  };
}
