/**
 * The URL, normalised, when it is an absolute `http:` or `https:` URL, so safe as an `href`;
 * undefined for anything else (`javascript:`, `data:`, relative or unparsable URLs).
 * The result still has to be escaped (`linkHtml` does both).
 */
export function safeHttpUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}
