import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestWorkspace, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api, apiBaseUrl, eventually, sharedPage } from '../helpers/http-client';

/**
 * A transcript's report page over real HTTP, through serverless offline, S3, the transcripts queue
 * and its worker: a call is added, analysed, and its `links.report` opens the page, without an api
 * key; the api key opens the same page under the transcript.
 */
const db = testDb();
const salesCall = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'transcripts', 'sales-call.json'), 'utf8')) as Record<
  string,
  unknown
>;

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 0, groups: {}, settings: { emailDomains: ['acme-sales.example'] } });
});

type TranscriptBody = Record<string, unknown> & { status: string; links: { self: string; report?: string } };

function analysed(location: string): Promise<TranscriptBody> {
  return eventually(
    async () => {
      const body = (await api('GET', location, { apiKey: ws.apiKey })).body as TranscriptBody;
      return body.status === 'analysed' || body.status === 'failed' ? body : undefined;
    },
    30_000,
    `transcript ${location} to be analysed`,
  );
}

/** A page's `<h1>`, as text. */
const headingOf = (html: string) => /<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1];

describe('the transcript report, end to end', () => {
  it('follows links.report of an analysed call to its page, with no api key', async () => {
    const callId = `report-${Date.now()}`;
    const added = await api('POST', '/api/v1/transcript/add', { apiKey: ws.apiKey, body: { ...salesCall, call_id: callId } });
    expect(added.status).toBe(202);
    expect((added.body as TranscriptBody).links).toEqual({ self: `/api/v1/transcript/${callId}` });

    const transcript = await analysed(added.headers.get('location')!);

    expect(transcript.status).toBe('analysed');
    const link = transcript.links.report!;
    expect(link).toMatch(new RegExp(`^${apiBaseUrl().replace(/[.]/g, '\\.')}/reports/r1\\.[\\w-]+\\.[\\w-]{43}$`));
    const html = await sharedPage(link);
    expect(headingOf(html)).toBe(salesCall.title);
    expect(html).toContain('Talk-to-listen ratio (internal : external): <strong>53 : 47</strong>');
    expect(html).toContain('<div class="timeline" id="timeline-chart">');
    // Every idea of the call, its best ones each with its post draft.
    expect(html.match(/<article class="idea /g)).toHaveLength(transcript.ideaCount as number);
    expect(html.match(/<details class="draft">/g)).toHaveLength((transcript.ideas as unknown[]).length);
    expect(html).toContain(`${salesCall.url as string}#t=`);
    expect(html).toMatch(/<mark class="\w+" title="[^"]+"><span id="quote-1-1"><\/span>/);
    // The link is read-only and lasting: opened again, the same page.
    expect((await fetch(link)).status).toBe(200);
  });

  it('serves the same page to the api key under the transcript; another workspace’s key gets the 404 of an unknown call', async () => {
    const callId = `report-key-${Date.now()}`;
    const added = await api('POST', '/api/v1/transcript/add', { apiKey: ws.apiKey, body: { ...salesCall, call_id: callId } });
    await analysed(added.headers.get('location')!);
    const other = await createTestWorkspace(db, { accounts: 0, groups: {} });

    const own = await api('GET', `/api/v1/transcript/${callId}/report`, { apiKey: ws.apiKey });
    const foreign = await api('GET', `/api/v1/transcript/${callId}/report`, { apiKey: other.apiKey });
    const unknown = await api('GET', `/api/v1/transcript/${callId}-nope/report`, { apiKey: ws.apiKey });
    const anonymous = await api('GET', `/api/v1/transcript/${callId}/report`);

    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headingOf(own.text)).toBe(salesCall.title);
    expect(own.text).not.toContain('This link opens it until');
    expect([foreign.status, foreign.body.type, unknown.status, unknown.body.type]).toEqual([
      404,
      '/problems/not-found',
      404,
      '/problems/not-found',
    ]);
    expect([anonymous.status, anonymous.body.type]).toEqual([401, '/problems/unauthorized']);
  });

  it('has no report before the analysis (409, and no link), and a tampered link opens nothing (a 404 page)', async () => {
    const callId = `report-early-${Date.now()}`;
    const added = await api('POST', '/api/v1/transcript/add', { apiKey: ws.apiKey, body: { ...salesCall, call_id: callId } });
    const early = await api('GET', `/api/v1/transcript/${callId}/report`, { apiKey: ws.apiKey });
    const transcript = await analysed(added.headers.get('location')!);
    const link = transcript.links.report!;

    // Answered before the worker got to it, or (rarely) after: then it is the page.
    if (early.status !== 200) {
      expect([early.status, early.body.type]).toEqual([409, '/problems/transcript-not-analysed']);
      expect((added.body as TranscriptBody).links.report).toBeUndefined();
    }
    const tampered = await fetch(`${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`);
    const tamperedHtml = await tampered.text();
    expect(tampered.status).toBe(404);
    expect(tampered.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headingOf(tamperedHtml)).toBe('This link is not valid');
  });
});
