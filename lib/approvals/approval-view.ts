import { NotFoundError } from '../errors';
import type { Approval } from '../store/approvals';
import { approvalPath, getApproval } from '../store/approvals';
import type { Db } from '../store/client';
import { jobLocation, publicUrl } from '../http/links';

const APPROVAL_ID_RE = /^apr_[0-9A-HJKMNP-TV-Z]{26}$/;

/** An approval as the API shows it (the link's token only as part of the link). */
export function approvalView(approval: Approval, publicBaseUrl: string) {
  return {
    approvalId: approval.approvalId,
    kind: approval.kind,
    status: approval.status,
    jobId: approval.jobId,
    sender: approval.sender,
    target: approval.target,
    text: approval.text,
    maxLength: approval.maxLength,
    createdAt: approval.createdAt,
    validUntil: approval.validUntil,
    decidedAt: approval.decidedAt,
    decidedVia: approval.decidedVia,
    notifications: approval.notifications ?? [],
    links: {
      self: `/api/v1/approvals/${approval.approvalId}`,
      page: publicUrl(publicBaseUrl, approvalPath(approval.token)),
      job: jobLocation(approval.jobId),
    },
  };
}

/** An approval of the workspace, or a 404 (another workspace's approval is a 404 too). */
export async function requireApproval(db: Db, workspaceId: string, approvalId: string): Promise<Approval> {
  // Made only when thrown: an Error captures a stack trace, a cost every found approval would pay.
  const notFound = () => new NotFoundError(`No approval ${JSON.stringify(approvalId.slice(0, 64))} in this workspace.`);
  if (!APPROVAL_ID_RE.test(approvalId)) throw notFound();
  const approval = await getApproval(db, workspaceId, approvalId);
  if (!approval) throw notFound();
  return approval;
}
