/**
 * The insights page's answer through its link (`GET /insights/{token}`): the signed token is the
 * credential, and every refusal is a page for a person (the report links' pages and words).
 */
import type { Secret } from '../secrets';
import type { Db } from '../store/client';
import { reportLinkUntil } from './report-link';
import { linkExpired, linkNotValid } from './report-requests';
import { insightsPageHeaders, renderInsightsPage } from './insights-page';
import { verifyInsightsToken } from './insights-token';
import { readInsights } from '../insights/insights-view';

export interface InsightsPageDeps {
  db: Db;
  /** REPORT_LINK_SECRET; while empty, no link opens. */
  secret: Secret;
  /** PUBLIC_BASE_URL: the page's links to calls' reports are absolute when it is known. */
  publicBaseUrl: string;
}

/**
 * GET /insights/{token}: the insights of the workspace and period its token names, or a page saying
 * why not (404, 410). Each quote links to its call's report, by a link that ends with this one.
 */
export async function showInsightsByToken(deps: InsightsPageDeps, token: string, now: Date) {
  const secret = await deps.secret();
  const check = verifyInsightsToken(secret, token, now);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? linkExpired(check.expiresAt, 'insights link', 'the API gives one with GET /api/v1/insights')
      : linkNotValid('insights link');
  }
  const { workspaceId, period, expiresAt } = check.grant;
  const insights = await readInsights(deps.db, workspaceId, period);
  const links = { secret, publicBaseUrl: deps.publicBaseUrl };
  const html = renderInsightsPage({
    insights,
    reportLink: (callId) => reportLinkUntil(links, { workspaceId, callId }, expiresAt),
    linkExpiresAt: expiresAt,
  });
  return { status: 200 as const, text: html, headers: insightsPageHeaders };
}
