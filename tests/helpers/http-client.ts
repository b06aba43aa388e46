/** Real HTTP to the API under `serverless offline`, as a caller's tool would send it. */
export function apiBaseUrl(): string {
  const url = process.env.API_BASE_URL;
  if (!url) throw new Error('API_BASE_URL is not set: end-to-end tests run under the jest global setup (npm test)');
  return url;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

export async function api(
  method: string,
  path: string,
  options: { apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(options.apiKey ? { 'api-key': options.apiKey } : {}), ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${apiBaseUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/**
 * How long a test waits for work the stack does in the background: long enough for one invocation
 * that overruns its function's timeout (a worker's 30 s, the connection watch's 60 s) to be run again
 * by its queue or schedule, as Lambda would (see integration-timeout.ts).
 */
export const BACKGROUND_WORK_TIMEOUT_MS = 90_000;

/**
 * Polls until `check` returns a value, or fails after `timeoutMs` with the last value seen. The
 * default waits out one overrun invocation (above): a shorter wait made tests flaky.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = BACKGROUND_WORK_TIMEOUT_MS,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Opens a page shared by signed link (a report, an insights page) with no api key, and checks what
 * every such page is sent with: 200, HTML, a policy that allows its one stylesheet by hash and
 * nothing by default, no referrer. Its HTML.
 */
export async function sharedPage(link: string): Promise<string> {
  const page = await fetch(link);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/]+=*'; /);
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(html).not.toMatch(/<script/i);
  return html;
}
