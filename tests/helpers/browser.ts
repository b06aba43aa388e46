/**
 * A real headless browser for tests of server-rendered pages: the Chromium that `npm install` brings
 * (`@sparticuz/chromium`, a headless Chromium shipped inside the npm package, unpacked on first use),
 * driven by `playwright-core`, which downloads no browser. `CHROMIUM_PATH` names another one instead.
 * Of the system it needs only NSS and expat, which a Java runtime's packages (a prerequisite of the
 * local stack) already bring.
 *
 *   let browser: Browser;
 *   beforeAll(async () => (browser = await launchBrowser()));
 *   afterAll(() => browser?.close());
 *   it('works without JavaScript', async () => {
 *     const context = await browser.newContext({ javaScriptEnabled: false });
 *     const page = await context.newPage();
 *     ...
 *     await context.close();
 *   });
 */
import { accessSync, constants } from 'node:fs';
import packagedChromium from '@sparticuz/chromium';
import type { Browser, LaunchOptions } from 'playwright-core';
import { chromium } from 'playwright-core';

/**
 * Flags the packaged Chromium suggests (`packagedChromium.args`) that the tests leave out. The
 * package is built for Lambda, and some of its flags loosen the rules a person's browser applies,
 * which are the rules the page tests check (what a page may load, its CSP, same-origin):
 * - `--disable-web-security`, `--allow-running-insecure-content`, `--disable-site-isolation-trials`,
 *   and `--disable-features=...IsolateOrigins,site-per-process`;
 * - `--single-process`: one process for every page and context, fine for one page in a Lambda,
 *   fragile for a test file that opens contexts one after another;
 * - `--headless=...`: Playwright sets headless itself.
 */
const LEFT_OUT_FLAGS: readonly RegExp[] = [
  /^--disable-web-security$/,
  /^--allow-running-insecure-content$/,
  /^--disable-site-isolation-trials$/,
  /^--disable-features=/,
  /^--single-process$/,
  /^--headless(=|$)/,
];

/**
 * Flags for a headless Chromium in CI, often as root in a container:
 * - `--no-sandbox`: Chromium refuses to start as root with its sandbox, and containers rarely allow
 *   the user namespaces it needs; the tests only open pages of their own local servers.
 * - `--disable-gpu`: there is none; no time lost probing for it.
 * - `--disable-dev-shm-usage`: containers' /dev/shm is often 64 MB, too small for Chromium, which crashes.
 * - `--disable-background-networking`, `--disable-component-update`, `--no-first-run`,
 *   `--no-default-browser-check`, `--disable-sync`, `--disable-extensions`: no traffic or work of
 *   the browser's own, so a test sees only the requests of its pages, and runs offline.
 */
export const CHROMIUM_CI_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-sync',
  '--disable-extensions',
];

/** The flags a test browser starts with: the package's own, less `LEFT_OUT_FLAGS`, then `CHROMIUM_CI_FLAGS`. */
export function chromiumFlags(packageFlags: readonly string[] = packagedChromium.args): string[] {
  const kept = packageFlags.filter((flag) => !LEFT_OUT_FLAGS.some((leftOut) => leftOut.test(flag)));
  return [...new Set([...kept, ...CHROMIUM_CI_FLAGS])];
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium executable: `CHROMIUM_PATH` when set (an error if it is not an executable: a path
 * given on purpose is never silently replaced by another browser), else the packaged one, unpacked
 * into the system's temporary folder on first use (about 2 s; later calls find it there).
 */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(
      `CHROMIUM_PATH=${configured} is not an executable file: unset it to use the Chromium that npm install brings, or name a Chromium or Chrome executable.`,
    );
  }
  return packagedChromium.executablePath();
}

/**
 * Launches Chromium headless (see `findChromium`) with `chromiumFlags()` plus `options.args`. The
 * caller closes it (`afterAll(() => browser?.close())`). Contexts and pages are the test's own:
 * `browser.newContext({ javaScriptEnabled: false })` for a page that must work without script.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = await findChromium();
  try {
    return await chromium.launch({
      timeout: 20_000,
      ...options,
      executablePath,
      headless: true,
      args: [...chromiumFlags(), ...(options.args ?? [])],
    });
  } catch (error) {
    // Playwright's message holds the browser's own output (a missing library, a crash): keep it.
    throw new Error(`Could not start ${executablePath}: ${(error as Error).message}`, { cause: error });
  }
}
