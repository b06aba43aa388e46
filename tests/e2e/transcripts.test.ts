import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestWorkspace, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api, eventually, sharedPage } from '../helpers/http-client';

/**
 * Transcripts over real HTTP, through serverless offline, S3, the transcripts queue and its
 * worker: each of the three forms is stored, analysed and read back.
 */
const db = testDb();
const fixtures = join(__dirname, '..', 'fixtures', 'transcripts');
const salesCall = JSON.parse(readFileSync(join(fixtures, 'sales-call.json'), 'utf8')) as Record<string, unknown> & {
  call_id: string;
  transcript: unknown;
};
const salesCallText = readFileSync(join(fixtures, 'sales-call.txt'), 'utf8');

interface Idea {
  id: string;
  kind: string;
  hook: string;
  angle: string;
  evidence: Array<{ quote: string; speaker?: string; side: string; timestamp?: string }>;
  draft?: { hook: string; quote: string; body: string; closing: string; text: string; masked: Array<{ kind: string; text: string }> };
}
type TranscriptBody = Record<string, unknown> & {
  status: string;
  ideas?: Idea[];
  nextSteps?: Idea[];
  ideaCount?: number;
  ideasShown?: string;
  metrics?: Record<string, unknown>;
};

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 0, groups: {}, settings: { emailDomains: ['acme-sales.example'] } });
});

const add = (body: unknown) => api('POST', '/api/v1/transcript/add', { apiKey: ws.apiKey, body });

function analysed(location: string): Promise<TranscriptBody> {
  return eventually(
    async () => {
      const response = await api('GET', location, { apiKey: ws.apiKey });
      const body = response.body as TranscriptBody;
      return body.status === 'analysed' || body.status === 'failed' ? body : undefined;
    },
    30_000,
    `transcript ${location} to be analysed`,
  );
}

const quotesOf = (ideas: Idea[], kind: string) => ideas.filter((idea) => idea.kind === kind).map((idea) => idea.evidence[0]!.quote);

describe('transcripts, end to end', () => {
  it('analyses the realistic sales call (segments with word timestamps): its customer questions and objections, with evidence', async () => {
    const body = { ...salesCall, call_id: `${salesCall.call_id}-${Date.now()}` };

    const accepted = await add(body);
    const transcript = await analysed(accepted.headers.get('location')!);

    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ callId: body.call_id, status: 'queued' });
    expect(transcript.status).toBe('analysed');
    expect(transcript.metrics).toMatchObject({ durationSource: 'timestamps', shareBasis: 'talk_time' });
    const sides = transcript.metrics!.sides as Record<string, { share: number }>;
    expect(sides.internal!.share + sides.external!.share).toBeCloseTo(1, 2);
    const all = (await api('GET', `${accepted.headers.get('location')!}?ideas=all`, { apiKey: ws.apiKey })).body as TranscriptBody;
    expect(all.ideasShown).toBe('all');
    expect(all.ideas).toHaveLength(all.ideaCount!);
    const ideas = all.ideas!;
    expect(quotesOf(ideas, 'customer_question').join(' ')).toMatch(/salesforce/i);
    expect(quotesOf(ideas, 'objection').join(' ')).toMatch(/expensive|price|budget|cost/i);
    const spoken = JSON.stringify(body.transcript);
    for (const idea of ideas) {
      expect(idea.hook.length).toBeGreaterThan(0);
      for (const evidence of idea.evidence) {
        expect(evidence.timestamp).toMatch(/^\d{2}:\d{2}:\d{2}$/);
        // Every word of the quote was said in the call.
        for (const word of evidence.quote.split(/\s+/)) expect(spoken).toContain(word.replace(/["\\]/g, ''));
      }
    }
  });

  it('offers the best ideas by default: a handful, diverse, no next step, each with a draft that names no one of the call', async () => {
    const body = { ...salesCall, call_id: `${salesCall.call_id}-best-${Date.now()}` };

    const transcript = await analysed((await add(body)).headers.get('location')!);

    const best = transcript.ideas!;
    expect(transcript.ideasShown).toBe('best');
    expect(transcript.ideaCount).toBeGreaterThan(best.length);
    expect(best.length).toBeGreaterThanOrEqual(4);
    expect(best.length).toBeLessThanOrEqual(8);
    expect(new Set(best.map((idea) => idea.kind)).size).toBeGreaterThanOrEqual(3);
    expect(best.map((idea) => idea.kind)).not.toContain('next_step');
    expect(transcript.nextSteps!.length).toBeGreaterThan(0);
    expect(transcript.nextSteps!.every((idea) => idea.kind === 'next_step' && idea.draft === undefined)).toBe(true);
    const names = /\b(?:Sam|Rivera|Priya|Nair|Dana|Whitfield|Elena|Petrova|Marcus|northwind|acme)\b/i;
    for (const idea of best) {
      expect(idea.id).toMatch(/^idea-\d+$/);
      const draft = idea.draft!;
      expect(draft.text).toBe([draft.hook, draft.body, draft.closing].join('\n\n'));
      expect(draft.text.length).toBeLessThanOrEqual(1300);
      expect(draft.text).not.toMatch(names);
    }
  });

  it('counts the call in the themes across calls of its day, each quote linking to a call', async () => {
    const body = { ...salesCall, call_id: `${salesCall.call_id}-themes-${Date.now()}` };
    await analysed((await add(body)).headers.get('location')!);
    const day = (salesCall.call_start_time as string).slice(0, 10);

    const insights = await api('GET', `/api/v1/insights?from=${day}&to=${day}`, { apiKey: ws.apiKey });
    const refused = await api('GET', `/api/v1/insights?from=${day}&to=2020-01-01`, { apiKey: ws.apiKey });

    expect(insights.status).toBe(200);
    const answer = insights.body as { calls: number; themes: Record<string, Array<{ calls: number; quotes: Array<{ callId: string }> }>> };
    expect(answer.calls).toBeGreaterThanOrEqual(1);
    const themes = Object.values(answer.themes).flat();
    expect(themes.length).toBeGreaterThan(0);
    expect(themes.every((theme) => theme.calls >= 1 && theme.calls <= answer.calls)).toBe(true);
    expect(themes.flatMap((theme) => theme.quotes).every((quote) => quote.callId.startsWith(salesCall.call_id))).toBe(true);
    expect(themes.some((theme) => theme.quotes.length > 0)).toBe(true);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ path: 'query.from' }] });

    // Its page, to share: no api key, the same themes, each quote linking to its call's report.
    const link = (insights.body as { links: { page: string } }).links.page;
    expect(link).toMatch(/\/insights\/i1\.[\w-]+\.[\w-]{43}$/);
    const html = await sharedPage(link);
    expect(html.match(/<article class="theme /g)).toHaveLength(themes.length);
    const report = /<a href="([^"]+\/reports\/r1\.[^"]+)"[^>]*>the call’s report<\/a>/.exec(html)?.[1];
    expect((await fetch(report!.replace(/&amp;/g, '&'))).status).toBe(200);
    expect((await fetch(`${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`)).status).toBe(404);
  });

  it('analyses the same call sent as plaintext, with speakers from its lines', async () => {
    const accepted = await add({ ...salesCall, call_id: `plain-${Date.now()}`, format: 'plaintext', transcript: salesCallText });
    const transcript = await analysed(accepted.headers.get('location')!);

    expect(transcript.status).toBe('analysed');
    const speakers = (transcript.metrics!.speakers as Array<{ name: string; side: string }>).map((speaker) => speaker.side);
    expect(speakers).toContain('internal');
    expect(speakers).toContain('external');
    // Every idea, as for the segments above: which two questions make the best few is the ranking's to say.
    const all = (await api('GET', `${accepted.headers.get('location')!}?ideas=all`, { apiKey: ws.apiKey })).body as TranscriptBody;
    expect(quotesOf(all.ideas!, 'customer_question').join(' ')).toMatch(/salesforce/i);
    expect(quotesOf(transcript.ideas!, 'customer_question').length).toBeGreaterThan(0);
  });

  it('analyses an array of strings, and answers a resubmission 200 and other content 409', async () => {
    const body = {
      title: 'Quick check-in',
      call_id: `strings-${Date.now()}`,
      call_start_time: '2026-11-21T10:00:00.000Z',
      url: 'https://calls.example.com/r/strings',
      participants: ['sam@acme-sales.example', 'lee@initech.example'],
      transcript: [
        'Sam: How is the rollout going?',
        'Lee: Our managers still cannot see which reps follow up, and it is frustrating.',
        'Lee: Can we export the reports to Excel every Monday?',
      ],
    };

    const accepted = await add(body);
    const transcript = await analysed(accepted.headers.get('location')!);
    const again = await add(body);
    const changed = await add({ ...body, title: 'Another' });

    expect(transcript.status).toBe('analysed');
    expect(transcript.metrics).toMatchObject({ durationSource: 'estimated_from_words', shareBasis: 'words' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ callId: body.call_id, status: 'analysed' });
    expect(changed.status).toBe(409);
    expect(changed.headers.get('content-type')).toBe('application/problem+json');
  });

  it('lists the transcripts newest call first, and refuses bad input with a precise 400', async () => {
    const own = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const calls = ['2026-11-01T09:00:00Z', '2026-11-02T09:00:00Z'].map((time, i) => ({
      ...salesCall,
      call_id: `listed-${i}`,
      call_start_time: time,
    }));
    for (const call of calls) expect((await api('POST', '/api/v1/transcript/add', { apiKey: own.apiKey, body: call })).status).toBe(202);

    const listed = await api('GET', '/api/v1/transcripts?limit=100', { apiKey: own.apiKey });
    const bad = await add({ ...salesCall, call_id: 'bad one' });

    expect(listed.status).toBe(200);
    expect((listed.body.items as Array<{ callId: string }>).map((item) => item.callId)).toEqual(['listed-1', 'listed-0']);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'call_id', message: 'must start with a letter or digit and contain only letters, digits and . _ : @ + = -' },
    ]);
  });
});
