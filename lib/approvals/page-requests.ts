import { ConflictError, HttpError, ValidationError } from '../errors';
import type { HttpResult } from '../http/http-result';
import type { Approval } from '../store/approvals';
import { approvalPath, findApprovalByToken, getApproval } from '../store/approvals';
import { validate } from '../schemas/validate';
import type { ApprovalPageModel } from './approval-page';
import { approvalPageHeaders, renderApprovalError, renderApprovalNotFound, renderApprovalPage } from './approval-page';
import type { ApprovalDeps } from './decide-approval';
import { decisionSchema } from '../schemas/approval-decision';
import { decide } from './decide-approval';

/** Link tokens are 32 base62 characters; anything else is not looked up. */
const TOKEN_RE = /^[0-9A-Za-z]{32}$/;

function page(status: number, html: string): HttpResult {
  return { status, text: html, headers: approvalPageHeaders };
}

function modelOf(approval: Approval, now: Date, extra: Partial<ApprovalPageModel> = {}): ApprovalPageModel {
  // Past its time but not yet swept by the watch: shown as what it is.
  const expired = approval.status === 'pending' && Date.parse(approval.validUntil) <= now.getTime();
  return {
    kind: approval.kind,
    status: expired ? 'expired' : approval.status,
    sender: { name: approval.sender.name, profileUrl: approval.sender.profileUrl },
    target: approval.target,
    text: approval.text,
    maxLength: approval.maxLength,
    expiresAt: approval.validUntil,
    decidedAt: approval.decidedAt,
    formAction: approvalPath(approval.token),
    ...extra,
  };
}

async function approvalOf(deps: ApprovalDeps, token: string): Promise<Approval | undefined> {
  return TOKEN_RE.test(token) ? findApprovalByToken(deps.db, token) : undefined;
}

/** GET /approve/{token}: the approval's page, or a page saying the link is not valid (404). */
export async function showApprovalPage(deps: ApprovalDeps, token: string, now: Date): Promise<HttpResult> {
  const approval = await approvalOf(deps, token);
  if (!approval) return page(404, renderApprovalNotFound());
  return page(200, renderApprovalPage(modelOf(approval, now)));
}

const notices = {
  approved: {
    comment: 'Approved: the comment will be posted.',
    dm: 'Approved: if you are connected to them, the message is sent now; if not, an invitation to connect goes first and the message is sent once they accept it.',
    post: 'Approved: the post will be published.',
  },
  rejected: {
    comment: 'Rejected: the comment will not be posted.',
    dm: 'Rejected: the message will not be sent.',
    post: 'Rejected: the post will not be published.',
  },
} as const;

/**
 * POST /approve/{token} (the page's form: `decision`, `text`): decides and shows the result. A
 * refused edit shows the form again with the error and the text as typed (400); a second decision
 * shows the approval as it was decided, saying so (409).
 */
export async function decideOnApprovalPage(deps: ApprovalDeps, token: string, form: unknown, now: Date): Promise<HttpResult> {
  const approval = await approvalOf(deps, token);
  if (!approval) return page(404, renderApprovalNotFound());
  const typed = typeof (form as { text?: unknown })?.text === 'string' ? (form as { text: string }).text : approval.text;
  try {
    const decided = await decide(deps, approval, validate(decisionSchema, form), 'link', now);
    const notice = decided.status === 'approved' || decided.status === 'rejected' ? notices[decided.status][decided.kind] : undefined;
    return page(200, renderApprovalPage(modelOf(decided, now, { notice })));
  } catch (error) {
    if (error instanceof ValidationError) {
      const message = error.errors.map((field) => `${field.path}: ${field.message}`).join('; ');
      return page(400, renderApprovalPage(modelOf(approval, now, { text: typed, error: message })));
    }
    if (error instanceof ConflictError) {
      const current = (await getApproval(deps.db, approval.workspaceId, approval.approvalId)) ?? approval;
      return page(409, renderApprovalPage(modelOf(current, now, { error: error.message })));
    }
    throw error;
  }
}

/** Errors of the pipeline itself (body too large, not a form, a dependency down) as a page. */
export function approvalErrorPage(error: HttpError, requestId: string): HttpResult {
  return page(
    error.status,
    renderApprovalError(error.status, error.title, error.status >= 500 ? `${error.message} (request ${requestId})` : error.message),
  );
}
