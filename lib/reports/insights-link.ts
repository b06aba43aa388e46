import { publicUrl } from '../http/links';
import { reportLinkExpiry, type ReportLinkSettings } from './report-link';
import { signInsightsToken } from './insights-token';
import type { Period } from '../insights/period';

/** Where an insights link's page is served: the token is the credential, no api key is read. */
export function insightsPagePath(token: string): string {
  return `/insights/${token}`;
}

/**
 * The link of the insights page of a workspace's period (`/insights/<signed token>`, absolute when
 * the public address is known), or undefined while links are not configured. Made as report links
 * are (their secret, lifetime and hourly expiry), so one setting rules every shared page.
 */
export function insightsLinkOf(settings: ReportLinkSettings, workspaceId: string, period: Period, now: Date): string | undefined {
  if (!settings.secret) return undefined;
  const token = signInsightsToken(settings.secret, { workspaceId, period, expiresAt: reportLinkExpiry(now, settings.lifetimeSeconds) });
  return publicUrl(settings.publicBaseUrl, insightsPagePath(token));
}
