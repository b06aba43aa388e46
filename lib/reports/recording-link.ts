import { safeHttpUrl } from '../schemas/http-url';

/**
 * The link to a call's recording at a moment of it, or undefined when there is none to give.
 *
 * The rule: the transcript's `url` must be an absolute http(s) URL (anything else is never a link),
 * and the moment is added as a media fragment (W3C Media Fragments URI, temporal dimension),
 * `#t=<whole seconds>`, which browsers' own players and most web players seek to. A URL that
 * already has a fragment keeps it, and its link opens the recording at its start: the fragment
 * may be the recording page's own routing (`#/calls/7781`), which a time must not replace.
 */
export function recordingLinkAt(url: string, seconds: number | undefined): string | undefined {
  const safe = safeHttpUrl(url);
  if (safe === undefined) return undefined;
  const parsed = new URL(safe);
  if (seconds === undefined || !Number.isFinite(seconds) || parsed.hash !== '') return safe;
  // An empty fragment (a bare trailing `#`) goes: `#t=` replaces it.
  parsed.hash = '';
  return `${parsed.href}#t=${Math.max(0, Math.floor(seconds))}`;
}

/** Whether `recordingLinkAt` gives this URL a time: an http(s) URL without a fragment. */
export function recordingTakesTime(url: string): boolean {
  const safe = safeHttpUrl(url);
  return safe !== undefined && new URL(safe).hash === '';
}
