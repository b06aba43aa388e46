/**
 * What the browser tests of the shared pages (a call's report, a period's insights) need around
 * Chromium: a tiny HTTP server that turns requests into API Gateway events for the deployed page
 * handlers, a fresh browser context per test that records what the page logged, and the layout's
 * bounding boxes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { HttpHandler } from '../../lib/http/pipeline';
import { httpEvent } from './factories';
import { machineTimeout } from './machine-timeout';

export interface PageServer {
  origin: string;
  /** `METHOD /path` of every request the server was sent, in order; a test empties it when it starts. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `/<area>/<token>` with the handler of `area` (`{ reports: …, insights: … }`), the token as
 * its path parameter; any other path is a bare 404.
 */
export async function servePages(handlers: Record<string, HttpHandler>): Promise<PageServer> {
  const requests: string[] = [];
  const http = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    requests.push(`${request.method} ${path}`);
    const [, area = '', token = ''] = /^\/([\w-]+)\/(.*)$/.exec(path) ?? [];
    const handler = handlers[area];
    if (!handler) return void response.writeHead(404).end();
    handler(httpEvent({ method: request.method ?? 'GET', path, pathParameters: { token: decodeURIComponent(token) } }))
      .then((result) => response.writeHead(result.statusCode, result.headers).end(result.body))
      .catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A page of its own context; `consoleMessages` is what it logged (a CSP violation is logged, script or not). */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  consoleMessages: string[];
}

/** A new context (JavaScript off unless asked) and page; the caller closes the context. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }, javaScriptEnabled = false): Promise<OpenedPage> {
  const context = await browser.newContext({ javaScriptEnabled, viewport });
  context.setDefaultTimeout(machineTimeout(10_000));
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  page.on('console', (message) => consoleMessages.push(message.text()));
  return { context, page, consoleMessages };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} is not on the page`);
  return found;
}

export async function boxes(locator: Locator): Promise<Box[]> {
  const count = await locator.count();
  return Promise.all(Array.from({ length: count }, (_, i) => box(locator.nth(i))));
}
