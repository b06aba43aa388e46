import { accessSync, constants } from 'node:fs';
import { CHROMIUM_CI_FLAGS, chromiumFlags, findChromium } from '../../helpers/browser';

/** The test browser comes from `npm install` alone: no system Chromium, no download. */
describe('findChromium', () => {
  it('finds the Chromium that npm install brought when CHROMIUM_PATH is not set', async () => {
    const executable = await findChromium({});

    expect(() => accessSync(executable, constants.X_OK)).not.toThrow();
  });

  it('uses CHROMIUM_PATH when it names an executable', async () => {
    expect(await findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it('refuses a CHROMIUM_PATH that is not an executable instead of using another browser', async () => {
    await expect(findChromium({ CHROMIUM_PATH: '/nonexistent/chromium' })).rejects.toThrow(
      /CHROMIUM_PATH=\/nonexistent\/chromium is not an executable/,
    );
  });
});

describe('chromiumFlags', () => {
  it("keeps the package's flags but those that loosen the web's rules or run everything in one process", () => {
    const flags = chromiumFlags([
      '--no-pings',
      '--disable-web-security',
      '--allow-running-insecure-content',
      '--disable-site-isolation-trials',
      '--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process',
      '--single-process',
      "--headless='shell'",
      '--no-sandbox',
    ]);

    expect(flags).toEqual(['--no-pings', ...CHROMIUM_CI_FLAGS]);
  });

  it("starts from the package's own flags by default", () => {
    const flags = chromiumFlags();

    expect(flags).toEqual(expect.arrayContaining([...CHROMIUM_CI_FLAGS]));
    expect(flags).not.toContain('--disable-web-security');
    expect(flags).not.toContain('--single-process');
  });
});
