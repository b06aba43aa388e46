/**
 * The report page's answers: through a report link (`GET /reports/{token}`: the signed token is the
 * credential, and every refusal is a page for a person), and through the api key
 * (`GET /api/v1/transcript/{call_id}/report`: the page, or problem+json like every api-key route).
 */
import { HttpError, NotFoundError } from '../errors';
import type { Secret } from '../secrets';
import type { HttpResult } from '../http/http-result';
import { getTranscript } from '../store/transcripts';
import { requireTranscript } from '../transcripts/transcript-view';
import type { ReportDeps } from './read-report';
import { readReport, requireAnalysed } from './read-report';
import { renderReportError, renderReportPage, reportPageHeaders } from './report-page';
import { verifyReportToken } from './report-token';

/** What the link's page needs: the store, the content, and the secret its tokens are signed with. */
export interface ReportPageDeps extends ReportDeps {
  /** REPORT_LINK_SECRET; while empty, no link opens. */
  secret: Secret;
}

export const REPORT_LINK_EXPIRED = 'report-link-expired';

/** Not a link of ours (malformed, forged, altered, or what it names is gone): one answer for all, revealing nothing. */
export function linkNotValid(link = 'report link'): NotFoundError {
  return new NotFoundError(`This ${link} is not valid.`);
}

/** A link of ours past its time (a report's, or another shared page's: `link` and where a new one comes from). */
export function linkExpired(expiresAt: Date, link = 'report link', whereNew = 'the API gives one with the transcript'): HttpError {
  return new HttpError(
    410,
    REPORT_LINK_EXPIRED,
    'Gone',
    `This ${link} expired at ${expiresAt.toISOString()}; ask whoever sent it for a new one (${whereNew}).`,
  );
}

function page(html: string) {
  return { status: 200 as const, text: html, headers: reportPageHeaders };
}

/** GET /reports/{token}: the report of the call its token names, or a page saying why not (404, 410, 409). */
export async function showReportByToken(deps: ReportPageDeps, token: string, now: Date) {
  const check = verifyReportToken(await deps.secret(), token, now);
  if (!check.ok) throw check.reason === 'expired' ? linkExpired(check.expiresAt) : linkNotValid();
  const { workspaceId, callId, expiresAt } = check.grant;
  const transcript = await getTranscript(deps.db, workspaceId, callId);
  if (!transcript) throw linkNotValid();
  return page(renderReportPage(await readReport(deps, requireAnalysed(transcript), expiresAt)));
}

/** GET /api/v1/transcript/{call_id}/report: the workspace's call's report; 404 for a call it does not have, 409 before it is analysed. */
export async function showReportOfCall(deps: ReportDeps, workspaceId: string, pathCallId: string) {
  const transcript = await requireTranscript(deps.db, workspaceId, pathCallId);
  return page(renderReportPage(await readReport(deps, requireAnalysed(transcript))));
}

const REFUSAL_TITLES: Record<string, string> = {
  'not-found': 'This link is not valid',
  [REPORT_LINK_EXPIRED]: 'This link has expired',
  'transcript-not-analysed': 'This call has no report yet',
};

/** Any refusal or error of a report link's page (the link's, the pipeline's, a dependency down), as a page. */
export function reportErrorPage(error: HttpError, requestId: string): HttpResult {
  const title = REFUSAL_TITLES[error.slug] ?? error.title;
  const detail = error.status >= 500 ? `${error.message} (request ${requestId})` : error.message;
  return {
    status: error.status,
    text: renderReportError(error.status, title, detail),
    headers: { ...reportPageHeaders, ...error.headers },
  };
}
