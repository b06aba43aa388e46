/**
 * A real headless browser for tests of server-rendered pages: the system's Chromium (Debian's
 * `chromium` package; .ci/run installs it) driven by `playwright-core`, which downloads no browser.
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
import type { Browser, LaunchOptions } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Where distributions put Chromium, looked at in this order when `CHROMIUM_PATH` is not set. */
export const CHROMIUM_CANDIDATES: readonly string[] = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

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

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const INSTALL_HINT =
  'Install Chromium (Debian/Ubuntu: `apt-get install -y chromium`, which .ci/run does) or set CHROMIUM_PATH to a Chromium or Chrome executable.';

/**
 * The Chromium executable: `CHROMIUM_PATH` when set (an error if it is not an executable: a path
 * given on purpose is never silently replaced by another browser), else the first of
 * `CHROMIUM_CANDIDATES` that exists. Throws an error saying what to install when there is none.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} is not an executable file. ${INSTALL_HINT}`);
  }
  const found = CHROMIUM_CANDIDATES.find(isExecutable);
  if (found) return found;
  throw new Error(`No Chromium for the browser tests: none of ${CHROMIUM_CANDIDATES.join(', ')} exists and CHROMIUM_PATH is not set. ${INSTALL_HINT}`);
}

/**
 * Launches the system's Chromium, headless, with `CHROMIUM_CI_FLAGS` (plus `options.args`). The
 * caller closes it (`afterAll(() => browser?.close())`). Contexts and pages are the test's own:
 * `browser.newContext({ javaScriptEnabled: false })` for a page that must work without script.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = findChromium();
  try {
    return await chromium.launch({
      timeout: 20_000,
      ...options,
      executablePath,
      headless: true,
      args: [...CHROMIUM_CI_FLAGS, ...(options.args ?? [])],
    });
  } catch (error) {
    // Playwright's message holds the browser's own output (a missing library, a crash): keep it.
    throw new Error(`Could not start ${executablePath}: ${(error as Error).message}`, { cause: error });
  }
}
