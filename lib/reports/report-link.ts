import type { Config } from '../config';
import { publicUrl, transcriptLocation } from '../http/links';
import { signReportToken } from './report-token';

/** Where a report link's page is served: the token is the credential, no api key is read. */
export function reportPagePath(token: string): string {
  return `/reports/${token}`;
}

/** Where the api key reads a transcript's report page. */
export function transcriptReportLocation(callId: string): string {
  return `${transcriptLocation(callId)}/report`;
}

/** How report links are made: REPORT_LINK_SECRET, PUBLIC_BASE_URL and REPORT_LINK_EXPIRY_SECONDS. */
export interface ReportLinkSettings {
  /** Signs the tokens; no link is made while it is empty. */
  secret: string;
  /** Makes the links absolute when known. */
  publicBaseUrl: string;
  lifetimeSeconds: number;
}

/** The settings as configured, with the secret as read (lib/secrets.ts). */
export function reportLinkSettings(
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'REPORT_LINK_EXPIRY_SECONDS'>,
  secret: string,
): ReportLinkSettings {
  return { secret, publicBaseUrl: config.PUBLIC_BASE_URL, lifetimeSeconds: config.REPORT_LINK_EXPIRY_SECONDS };
}

const HOUR_MS = 3_600_000;

/**
 * When a link given at `now` expires: its lifetime after the next whole hour. A transcript read
 * again within the hour gives the same link (its token names the same expiry), so a link is not
 * new at every read; each lives at least its lifetime, and at most an hour more.
 */
export function reportLinkExpiry(now: Date, lifetimeSeconds: number): Date {
  return new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS + lifetimeSeconds * 1000);
}

/**
 * The report link of a workspace's analysed transcript (`/reports/<signed token>`, absolute when
 * the public address is known), or undefined while it is not analysed or links are not configured.
 */
export function reportLinkOf(
  settings: ReportLinkSettings,
  transcript: { workspaceId: string; callId: string; status: string },
  now: Date,
): string | undefined {
  if (transcript.status !== 'analysed') return undefined;
  return reportLinkUntil(settings, transcript, reportLinkExpiry(now, settings.lifetimeSeconds));
}

/**
 * A report link of a workspace's call that opens until `expiresAt`, or undefined while links are not
 * configured. A page that links to calls' reports (the insights page) gives links that end with its
 * own, so that holding it never opens a report for longer than it opens itself.
 */
export function reportLinkUntil(
  settings: Pick<ReportLinkSettings, 'secret' | 'publicBaseUrl'>,
  call: { workspaceId: string; callId: string },
  expiresAt: Date,
): string | undefined {
  if (!settings.secret) return undefined;
  const token = signReportToken(settings.secret, { workspaceId: call.workspaceId, callId: call.callId, expiresAt });
  return publicUrl(settings.publicBaseUrl, reportPagePath(token));
}
