/**
 * The transcript report page in a real browser (the Chromium of tests/helpers/browser.ts): it
 * renders for the three transcript forms, escapes everything, runs and loads nothing, reads on a
 * phone and prints. Its layout is checked by what is on it and how big it is (bounding boxes of
 * the bars, the timeline, the idea cards, the transcript), never by pixels.
 *
 * The page is served by the deployed handlers (functions/http/show-transcript-report, and
 * get-transcript for the link), behind tests/helpers/page-server.ts (requests as API Gateway
 * events), against DynamoDB Local and fauxqs' S3; the transcripts are stored and
 * analysed as the service does it (tests/helpers/analysed-transcripts.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { box, boxes, openPage, servePages, type PageServer } from '../../helpers/page-server';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { reportPageHeaders } from '../../../lib/reports/report-page';
import { signReportToken } from '../../../lib/reports/report-token';
import type { Transcript } from '../../../lib/store/transcripts';
import { addAnalysedTranscript, salesCallFixture } from '../../helpers/analysed-transcripts';
import { launchBrowser } from '../../helpers/browser';
import { createTestWorkspace, httpEvent, testDb } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { bodyOf, loadHandler } from '../http/load-handler';

const db = testDb();
const SECRET = 'browser-report-link-secret';
const { json: salesCall, text: salesCallText } = salesCallFixture();
const untimedText = salesCallText.replace(/^\[\d\d:\d\d:\d\d\] /gm, '');
/** Screenshots of the checked layouts, kept for a person to look at (the test reads boxes, not pixels); each run replaces them. */
const screenshots = join(tmpdir(), 'outreach-report-page-screenshots');
mkdirSync(screenshots, { recursive: true });

let showReport: HttpHandler;
let getTranscript: HttpHandler;
let ws: TestWorkspace;
let browser: Browser;
let server: PageServer;
let context: BrowserContext | undefined;
let page: Page;
/** What the page logged: a CSP violation is logged to the console, script or not. */
let consoleMessages: string[];

beforeAll(async () => {
  const env = { REPORT_LINK_SECRET: SECRET, PUBLIC_BASE_URL: '' };
  showReport = await loadHandler(() => import('../../../functions/http/show-transcript-report'), env);
  getTranscript = await loadHandler(() => import('../../../functions/http/get-transcript'), env);
  ws = await createTestWorkspace(db, { accounts: 0, groups: {}, settings: { emailDomains: ['acme-sales.example'] } });
  browser = await launchBrowser();
  server = await servePages({ reports: showReport });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

let sequence = 0;
/** A transcript of the workspace, stored and analysed, under a call id of its own. */
function analysed(body: Record<string, unknown>, options: { analyse?: boolean } = {}): Promise<Transcript> {
  sequence += 1;
  return addAnalysedTranscript(db, ws.workspaceId, { ...body, call_id: `report-${Date.now()}-${sequence}` }, options);
}

/** The report link the API gives for a transcript (`links.report` of `GET /api/v1/transcript/{call_id}`). */
async function reportLinkOf(transcript: Transcript): Promise<string> {
  const result = await getTranscript(
    httpEvent({
      method: 'GET',
      path: `/api/v1/transcript/${transcript.callId}`,
      headers: { 'api-key': ws.apiKey },
      pathParameters: { call_id: transcript.callId },
    }),
  );
  expect(result.statusCode).toBe(200);
  const links = bodyOf(result).links as { self: string; report?: string };
  expect(links.report).toMatch(/^\/reports\/r1\.[\w-]+\.[\w-]{43}$/);
  return `${server.origin}${links.report}`;
}

async function openBrowser(viewport = { width: 1280, height: 900 }, javaScriptEnabled = false): Promise<void> {
  ({ context, page, consoleMessages } = await openPage(browser, viewport, javaScriptEnabled));
  server.requests.length = 0;
}

/** Width and height of a PNG, from its header. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Nothing of the page sticks out of the viewport's width (no sideways scrolling). */
async function expectWithin(width: number, ...locators: Locator[]): Promise<void> {
  for (const locator of locators) {
    for (const found of await boxes(locator)) {
      expect(found.x).toBeGreaterThanOrEqual(-0.5);
      expect(found.x + found.width).toBeLessThanOrEqual(width + 0.5);
    }
  }
}

describe('the report page of the realistic sales call (segment objects), in a browser without JavaScript', () => {
  let transcript: Transcript;
  let url: string;
  beforeAll(async () => {
    transcript = await analysed(salesCall);
    url = await reportLinkOf(transcript);
  }, 60_000);

  it('opens from links.report, loads nothing but itself, breaks no rule of its policy, and is laid out as designed', async () => {
    const { metrics, ideas } = transcript.analysis!;
    await openBrowser();

    const response = await page.goto(url);

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(reportPageHeaders['content-security-policy']);
    expect(await page.title()).toBe(`${salesCall.title as string}: call report`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(salesCall.title);
    expect(server.requests).toEqual([`GET ${new URL(url).pathname}`]);
    expect(consoleMessages).toEqual([]);
    expect(await page.locator('script, img, iframe, object, embed, link').count()).toBe(0);

    const png = await page.screenshot({ fullPage: true });
    writeFileSync(join(screenshots, 'sales-call-desktop.png'), png);
    expect(pngSize(png).width).toBe(1280);
    expect(pngSize(png).height).toBeGreaterThan(5000);

    // Talk: the ratio, a stacked bar of the sides, a bar per side and per speaker, the top speaker's filled.
    expect(await page.locator('#talk-to-listen').textContent()).toBe('Talk-to-listen ratio (internal : external): 53 : 47');
    const speakerBars = page.locator('#speakers svg.bar');
    expect(await speakerBars.count()).toBe(metrics.speakers.length);
    const tracks = await boxes(speakerBars);
    const fills = await boxes(page.locator('#speakers svg.bar rect.fill'));
    for (const track of tracks) {
      expect(track.width).toBeGreaterThan(400);
      expect(track.height).toBeGreaterThanOrEqual(14);
      expect(track.height).toBeLessThanOrEqual(24);
    }
    // Bars as long as the speakers' shares, the most talkative's full.
    expect(fills[0]!.width).toBeCloseTo(tracks[0]!.width, 0);
    const top = metrics.speakers[0]!.share;
    metrics.speakers.forEach((speaker, i) => expect(fills[i]!.width / tracks[i]!.width).toBeCloseTo(speaker.share / top, 1));
    expect(fills.map((fill) => fill.width)).toEqual([...fills.map((fill) => fill.width)].sort((a, b) => b - a));
    const sides = await box(page.locator('#sides svg.sides-bar'));
    const sideFills = await boxes(page.locator('#sides svg.sides-bar rect.fill'));
    expect(sideFills.map((fill) => Math.round((fill.width / sides.width) * 100))).toEqual([53, 47]);

    // The timeline: the marks' lane, a lane per speaker, the axis; all as wide as each other.
    const timeline = await box(page.locator('#timeline-chart'));
    expect(timeline.width).toBeGreaterThan(900);
    const lanes = await boxes(page.locator('#timeline-chart svg.track'));
    expect(lanes).toHaveLength(metrics.speakers.length + 1);
    for (const lane of lanes) {
      expect(lane.width).toBeCloseTo(lanes[0]!.width, 0);
      expect(lane.x).toBeCloseTo(lanes[0]!.x, 0);
      expect(lane.height).toBeGreaterThanOrEqual(20);
      expect(lane.y).toBeGreaterThanOrEqual(timeline.y);
      expect(lane.y + lane.height).toBeLessThanOrEqual(timeline.y + timeline.height + 0.5);
    }
    expect(lanes.every((lane, i) => i === 0 || lane.y >= lanes[i - 1]!.y + lanes[i - 1]!.height - 0.5)).toBe(true);
    const quoted = ideas.filter((idea) => ['customer_question', 'objection'].includes(idea.kind)).flatMap((idea) => idea.evidence);
    const marks = await boxes(page.locator('#timeline-chart line.mark'));
    expect(marks).toHaveLength(quoted.length);
    for (const mark of marks) {
      expect(mark.x).toBeGreaterThanOrEqual(lanes[0]!.x - 2);
      expect(mark.x + mark.width).toBeLessThanOrEqual(lanes[0]!.x + lanes[0]!.width + 2);
      expect(mark.y).toBeGreaterThanOrEqual(lanes[0]!.y - 2);
      expect(mark.y + mark.height).toBeLessThanOrEqual(lanes[0]!.y + lanes[0]!.height + 2);
    }
    const monologue = await box(page.locator('#timeline-chart rect.monologue'));
    const monologueLane = lanes[1 + metrics.speakers.findIndex((speaker) => speaker.name === metrics.longestMonologue!.speaker)]!;
    expect(monologue.y).toBeGreaterThanOrEqual(monologueLane.y - 2);
    expect(monologue.y + monologue.height).toBeLessThanOrEqual(monologueLane.y + monologueLane.height + 2);
    expect(monologue.width / monologueLane.width).toBeGreaterThan(0.03);
    const speech = await boxes(page.locator('#timeline-chart rect.speech'));
    expect(speech.length).toBeGreaterThan(50);
    expect(await page.locator('#longest-monologue').textContent()).toMatch(/^Longest monologue: Priya Nair, 1:09 from 00:08:27/);

    // The ideas: a card each, one under another, as wide as the page's column.
    const cards = await boxes(page.locator('article.idea'));
    expect(cards).toHaveLength(ideas.length);
    for (const [i, card] of cards.entries()) {
      expect(card.width).toBeGreaterThan(900);
      expect(card.height).toBeGreaterThan(100);
      if (i > 0) expect(card.y).toBeGreaterThanOrEqual(cards[i - 1]!.y + cards[i - 1]!.height);
    }
    const first = page.locator('#idea-1');
    expect(await first.locator('.hook').textContent()).toBe(ideas[0]!.hook);
    expect(await first.locator('blockquote').first().textContent()).toBe(ideas[0]!.evidence[0]!.quote);
    const seek = first.getByRole('link', { name: /^play the recording at / }).first();
    expect(await seek.getAttribute('href')).toBe(`${salesCall.url as string}#t=${Math.floor(ideas[0]!.evidence[0]!.start!)}`);

    // The transcript: a row per turn, the quotes highlighted in place, each quote's link landing on its mark.
    const turns = await boxes(page.locator('#transcript .turn'));
    expect(turns.length).toBeGreaterThan(50);
    for (const turn of turns.slice(0, 20)) {
      expect(turn.width).toBeGreaterThan(900);
      expect(turn.height).toBeGreaterThan(20);
    }
    expect(await page.locator('#transcript mark').count()).toBeGreaterThan(20);
    const inTranscript = first.getByRole('link', { name: 'in the transcript' }).first();
    const anchor = (await inTranscript.getAttribute('href'))!;
    await inTranscript.click();
    expect(new URL(page.url()).hash).toBe(anchor);
    const mark = page.locator(`mark:has(${anchor})`);
    expect(await mark.textContent()).toContain(ideas[0]!.evidence[0]!.quote);
    const markBox = await box(mark);
    expect(markBox.y + markBox.height).toBeGreaterThan(0);
    expect(markBox.y).toBeLessThan(900);

    await expectWithin(1280, page.locator('main'), page.locator('svg'), page.locator('article.idea'), page.locator('.turn'));
  });

  it('reads on a phone: one column, bars under their names, nothing wider than the screen', async () => {
    await openBrowser({ width: 390, height: 844 });

    await page.goto(url);

    const png = await page.screenshot({ fullPage: true });
    writeFileSync(join(screenshots, 'sales-call-phone.png'), png);
    expect(pngSize(png).width).toBe(390);
    const name = await box(page.locator('#speakers .talk-row .who').first());
    const bar = await box(page.locator('#speakers svg.bar').first());
    expect(bar.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
    expect(bar.width).toBeGreaterThan(300);
    expect(bar.height).toBeGreaterThanOrEqual(14);
    for (const lane of await boxes(page.locator('#timeline-chart svg.track'))) expect(lane.width).toBeGreaterThan(230);
    for (const card of await boxes(page.locator('article.idea'))) expect(card.width).toBeGreaterThan(330);
    const turn = page.locator('#transcript .turn').first();
    const who = await box(turn.locator('.who'));
    const said = await box(turn.locator('.said'));
    expect(said.y).toBeGreaterThanOrEqual(who.y + who.height - 1);
    await expectWithin(
      390,
      page.locator('main'),
      page.locator('svg'),
      page.locator('article.idea'),
      page.locator('.turn'),
      page.locator('h1'),
    );
  });

  it('prints: no navigation, the charts and every card kept', async () => {
    await openBrowser();
    await page.emulateMedia({ media: 'print' });

    await page.goto(url);

    expect(await page.locator('nav.sections').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'in the transcript' }).first().isVisible()).toBe(false);
    expect(await page.locator('#timeline-chart').isVisible()).toBe(true);
    expect(await page.locator('article.idea').count()).toBe(transcript.analysis!.ideas.length);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('the other transcript forms', () => {
  it('plaintext with timestamps: a timeline from its lines’ times, and quotes in its turns', async () => {
    const transcript = await analysed({ ...salesCall, format: 'plaintext', transcript: salesCallText });
    await openBrowser();

    expect((await page.goto(await reportLinkOf(transcript)))?.status()).toBe(200);

    expect(await page.locator('#timeline-chart svg.track').count()).toBe(transcript.analysis!.metrics.speakers.length + 1);
    expect(await page.locator('#transcript mark').count()).toBeGreaterThan(10);
    expect(await page.locator('#transcript .turn time').first().textContent()).toBe('00:00:02');
    expect(consoleMessages).toEqual([]);
  });

  it('plaintext without timestamps: the timeline says there are none, and nothing shows a time or seeks the recording', async () => {
    const transcript = await analysed({ ...salesCall, format: 'plaintext', transcript: untimedText });
    await openBrowser();

    expect((await page.goto(await reportLinkOf(transcript)))?.status()).toBe(200);

    expect(await page.locator('#timeline-untimed').textContent()).toMatch(/^This call has no timestamps/);
    expect(await page.locator('#timeline svg').count()).toBe(0);
    expect(await page.locator('#transcript .turn time').count()).toBe(0);
    expect(await page.locator('a[href*="#t="]').count()).toBe(0);
    expect(await page.locator('#transcript mark').count()).toBeGreaterThan(10);
    expect(await box(page.locator('#talk-time'))).toMatchObject({ width: expect.any(Number) });
    expect(await page.locator('#speakers svg.bar').count()).toBe(transcript.analysis!.metrics.speakers.length);
  });

  it('an array of strings: speakers from its `Name:` strings', async () => {
    const transcript = await analysed({
      ...salesCall,
      format: 'array',
      transcript: salesCallText.split('\n').filter(Boolean).slice(0, 60),
    });
    await openBrowser();

    expect((await page.goto(await reportLinkOf(transcript)))?.status()).toBe(200);

    expect(await page.locator('#speakers .talk-row').count()).toBe(transcript.analysis!.metrics.speakers.length);
    expect(await page.locator('article.idea').count()).toBe(transcript.analysis!.ideas.length);
    expect(await page.locator('#transcript .turn').count()).toBeGreaterThan(20);
  });
});

describe('hostile text', () => {
  const payload = `"><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script> & 'q'`;
  const hostile = {
    ...salesCall,
    title: `Call ${payload}`,
    format: 'array',
    transcript: [
      `Sam Rivera: Welcome. What made you look at us?`,
      `Dana Whitfield: How long does it take to connect it to Salesforce ${payload}?`,
      `Dana Whitfield: Honestly it sounds too expensive compared to what we pay for Outreach ${payload}.`,
      {
        speaker: { name: `Mallory ${payload}`.slice(0, 200), type: 'external' },
        words: [{ text: `Is ${payload} safe? `, startTimestamp: 1, endTimestamp: 2 }],
      },
    ],
  };

  it('is shown as text, runs nothing (JavaScript on), and asks for nothing else', async () => {
    const transcript = await analysed(hostile);
    await openBrowser({ width: 1280, height: 900 }, true);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const url = await reportLinkOf(transcript);

    await page.goto(url);

    expect(await page.title()).toBe(`Call ${payload}: call report`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Call ${payload}`);
    expect(await page.locator('script, img').count()).toBe(0);
    expect(await page.getByText(`Mallory ${payload}`, { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator('#transcript').textContent()).toContain(`connect it to Salesforce ${payload}?`);
    expect(dialogs).toEqual([]);
    expect(server.requests).toEqual([`GET ${new URL(url).pathname}`]);
    expect(consoleMessages).toEqual([]);
  });
});

describe('links that open nothing', () => {
  it('a forged, tampered or malformed token is a 404 page; an expired one a 410 page saying when', async () => {
    const transcript = await analysed(salesCall);
    const grant = { workspaceId: ws.workspaceId, callId: transcript.callId, expiresAt: new Date(Date.now() + 3600_000) };
    const valid = signReportToken(SECRET, grant);
    const [version, payload, signature] = valid.split('.') as [string, string, string];
    const otherCall = Buffer.from(JSON.stringify({ w: ws.workspaceId, c: 'another-call', e: 4_000_000_000 })).toString('base64url');
    await openBrowser();

    for (const token of [
      signReportToken('guessed-secret', grant),
      `${version}.${otherCall}.${signature}`,
      `${version}.${payload}.${signature.slice(0, -2)}AA`,
      'r1.bm90aGluZw',
      'not-a-token',
    ]) {
      const response = await page.goto(`${server.origin}/reports/${token}`);
      expect({ token, status: response?.status() }).toEqual({ token, status: 404 });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link is not valid');
      expect(response?.headers()['content-security-policy']).toBe(reportPageHeaders['content-security-policy']);
    }

    const expiredAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const expired = await page.goto(`${server.origin}/reports/${signReportToken(SECRET, { ...grant, expiresAt: expiredAt })}`);
    expect(expired?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link has expired');
    expect(await page.locator('p').first().textContent()).toContain(expiredAt.toISOString());
    // The browser logs each refusal's status; nothing else (a policy violation would be logged too).
    expect(
      consoleMessages.filter((message) => !/^Failed to load resource: the server responded with a status of (404|410) /.test(message)),
    ).toEqual([]);
  });

  it('a valid token for a call that is gone is a 404 page; for one not analysed, a 409 page', async () => {
    const queued = await analysed(salesCall, { analyse: false });
    const expiresAt = new Date(Date.now() + 3600_000);
    await openBrowser();

    const gone = await page.goto(
      `${server.origin}/reports/${signReportToken(SECRET, { workspaceId: ws.workspaceId, callId: 'never-added', expiresAt })}`,
    );
    expect(gone?.status()).toBe(404);
    const waiting = await page.goto(
      `${server.origin}/reports/${signReportToken(SECRET, { workspaceId: ws.workspaceId, callId: queued.callId, expiresAt })}`,
    );
    expect(waiting?.status()).toBe(409);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This call has no report yet');
  });
});
