import { createHash } from 'node:crypto';
import { buildReportModel } from '../../../../lib/reports/report-model';
import { renderReportError, renderReportPage, reportPageHeaders } from '../../../../lib/reports/report-page';
import type { ContentIdea } from '../../../../lib/transcripts/model/analysis';
import { evidenceAt } from '../../../../lib/transcripts/ideas/evidence';
import { wordObjectsOf } from '../transcripts/make-segments';
import { analysedTranscript, salesCall, salesCallText } from './analysed-transcript';
import { tagsOf, type Tag } from '../../../helpers/html-tags';

/*
 * No HTML parser is installed, so these tests tokenise the page with `tagsOf`, exact for what the
 * renderer writes (every attribute value double-quoted, `"` inside values escaped) and accounting
 * for every `<` of the document: markup that escaped escaping shows up as a tag that is not
 * allowed, or as a `<` that is not a tag. tests/integration/reports has the page in a real browser.
 */

// prettier-ignore
const ALLOWED_TAGS = ['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'header', 'footer', 'nav', 'section', 'article', 'h1', 'h2', 'h3',
  'p', 'dl', 'dt', 'dd', 'ul', 'ol', 'li', 'a', 'span', 'strong', 'time', 'div', 'blockquote', 'mark', 'code', 'svg', 'rect', 'line'];

/** The whole page: only the tags the renderer writes, no event handler, no style or src, links only to http(s) or within the page. */
function expectSafeMarkup(html: string): Tag[] {
  const tags = tagsOf(html);
  for (const tag of tags) {
    expect(ALLOWED_TAGS).toContain(tag.name);
    expect(
      Object.keys(tag.attributes).filter((name) => name.startsWith('on') || ['src', 'style', 'srcdoc', 'xlink:href'].includes(name)),
    ).toEqual([]);
    if (tag.attributes.href !== undefined) expect(tag.attributes.href).toMatch(/^(https?:\/\/|#[\w-]+$)/);
  }
  expect(html).not.toMatch(/<script|<img|<iframe|<object|<embed|<link|<base|<form|javascript:/i);
  return tags;
}

const tagsNamed = (html: string, name: string, className?: string) =>
  tagsOf(html).filter((tag) => tag.name === name && (className === undefined || tag.attributes.class?.split(' ').includes(className)));

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes' "double"`;

const hostileCall = {
  title: `Call ${HOSTILE}`,
  call_id: 'hostile-1',
  call_start_time: '2026-11-20T15:00:00Z',
  url: `https://calls.example.com/r/hostile?q="><script>alert(1)</script>&x='y'`,
  participants: ['sam@acme-sales.example', `dana@northwind.example`],
  format: 'array',
  transcript: [
    {
      speaker: { name: `Sam "<b>Boss</b>" O'Neil`, type: 'internal' },
      words: wordObjectsOf('Welcome everyone. What made you look at us? ', 1),
    },
    {
      speaker: { name: 'Dana <script>alert(1)</script>', type: 'external' },
      words: wordObjectsOf(`Does it work with <script>alert("x")</script> & 'Salesforce' "today"? `, 10),
    },
  ],
};

function hostileReport() {
  return analysedTranscript(hostileCall, (segments): ContentIdea[] => {
    const segment = segments[1]!;
    return [
      {
        kind: 'customer_question',
        hook: `Hook ${HOSTILE}`,
        angle: `Angle ${HOSTILE}`,
        score: 0.9,
        mentions: 1,
        evidence: [evidenceAt(segment, 0, segment.text.length)],
      },
    ];
  });
}

describe('renderReportPage', () => {
  it('is a whole HTML document without script or anything loaded, every text escaped', () => {
    const { transcript, segments } = hostileReport();
    const html = renderReportPage(buildReportModel(transcript, segments, new Date('2026-12-20T16:00:00Z')));

    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expectSafeMarkup(html);
    expect(html).toContain(`<title>Call ${escaped(HOSTILE)}: call report</title>`);
    expect(html).toContain(`<h1>Call ${escaped(HOSTILE)}</h1>`);
    expect(html).toContain(`<p class="hook" id="idea-1-hook">Hook ${escaped(HOSTILE)}</p>`);
    expect(html).toContain(`<p class="angle">Angle ${escaped(HOSTILE)}</p>`);
    const quote = `Does it work with &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Salesforce&#39; &quot;today&quot;?`;
    expect(html).toContain(`<blockquote>${quote}</blockquote>`);
    // Highlighted in place, in the speaker's turn.
    expect(html).toMatch(
      new RegExp(
        `<mark class="customer_question" title="Customer question \\(idea 1\\)"><span id="quote-1-1"></span>${escapeRe(quote)}<span class="tag">`,
      ),
    );
    expect(html).toContain('<span class="speaker">Dana &lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(html).toContain('Sam &quot;&lt;b&gt;Boss&lt;/b&gt;&quot; O&#39;Neil');
    // Speaker names in the charts' labels, as attribute values.
    expect(tagsNamed(html, 'svg', 'bar').map((svg) => svg.attributes['aria-label'])).toContain(
      'Dana &lt;script&gt;alert(1)&lt;/script&gt;: 50%, 0:04 · 8 words',
    );
  });

  it('links the recording by its URL as parsed, escaped, and seeks it to each quote', () => {
    const { transcript, segments } = hostileReport();
    const html = renderReportPage(buildReportModel(transcript, segments));
    const recording = 'https://calls.example.com/r/hostile?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E&amp;x=%27y%27';

    expectSafeMarkup(html);
    expect(html).toContain(`<dd id="recording"><a href="${recording}" rel="noopener noreferrer">${recording}</a></dd>`);
    expect(html).toContain(`<a href="${recording}#t=10" rel="noopener noreferrer">play the recording at 00:00:10</a>`);
  });

  it('shows a recording URL that is not a web link (old or altered data) as text, and links nothing to it', () => {
    const { transcript, segments } = hostileReport();
    const html = renderReportPage(buildReportModel({ ...transcript, url: 'javascript:alert(1)' }, segments));

    expect(html).toContain('<dd id="recording">javascript:alert(1)</dd>');
    expect(tagsNamed(html, 'a').filter((a) => !a.attributes.href!.startsWith('#'))).toEqual([]);
    expect(html).not.toContain('play the recording');
    expect(html).not.toContain('#t=');
  });

  it('a timed call: bars, a timeline with lanes, marks and the monologue, ideas linking to the recording at their moment', () => {
    const { transcript, segments } = analysedTranscript(salesCall);
    const model = buildReportModel(transcript, segments);
    const html = renderReportPage(model);
    const { metrics, ideas } = transcript.analysis;

    expectSafeMarkup(html);
    expect(html).toContain('Talk-to-listen ratio (internal : external): <strong>53 : 47</strong>');
    expect(tagsNamed(html, 'div', 'talk-row')).toHaveLength(metrics.speakers.length + 2);
    expect(tagsNamed(html, 'svg', 'track')).toHaveLength(metrics.speakers.length + 1);
    const marked = ideas.filter((idea) => ['customer_question', 'objection'].includes(idea.kind)).flatMap((idea) => idea.evidence);
    expect(tagsNamed(html, 'line', 'mark')).toHaveLength(marked.length);
    expect(tagsNamed(html, 'rect', 'monologue')).toHaveLength(1);
    expect(html).toContain(`Longest monologue: <strong>${metrics.longestMonologue!.speaker}</strong>`);
    expect(tagsNamed(html, 'article', 'idea')).toHaveLength(ideas.length);
    const seeks = tagsNamed(html, 'a').filter((a) => a.attributes.href!.includes('#t='));
    expect(seeks).toHaveLength(ideas.flatMap((idea) => idea.evidence).length);
    for (const a of seeks) expect(a.attributes).toMatchObject({ href: expect.stringMatching(/#t=\d+$/), rel: 'noopener noreferrer' });
    expect(tagsNamed(html, 'mark').length).toBeGreaterThan(0);
    // Every link within the page lands on an element of it.
    const ids = new Set(tagsOf(html).flatMap((tag) => (tag.attributes.id ? [tag.attributes.id] : [])));
    const targets = tagsNamed(html, 'a').flatMap((a) => (a.attributes.href!.startsWith('#') ? [a.attributes.href!.slice(1)] : []));
    expect(targets.filter((target) => !ids.has(target))).toEqual([]);
  });

  it('a plaintext call without timestamps: the timeline says so, and no time is shown or linked', () => {
    const untimed = salesCallText.replace(/^\[\d\d:\d\d:\d\d\] /gm, '');
    const { transcript, segments } = analysedTranscript({ ...salesCall, format: 'plaintext', transcript: untimed });
    const html = renderReportPage(buildReportModel(transcript, segments));

    expectSafeMarkup(html);
    expect(html).toMatch(/<p class="notice" id="timeline-untimed">This call has no timestamps, so when anything was said is not known/);
    expect(tagsNamed(html, 'svg', 'track')).toEqual([]);
    expect(html).not.toContain('#t=');
    expect(html).toContain('(estimated from its words, at 150 a minute: it has no timestamps)');
    expect(html).toContain('Shares of the words');
    const turns = html.slice(html.indexOf('<section id="transcript"'));
    expect(turns).not.toContain('<time');
    expect(tagsNamed(html, 'mark').length).toBeGreaterThan(0);
  });

  it('says when the call has no idea, no named speaker, or its text is gone', () => {
    const { transcript } = analysedTranscript({ ...salesCall, format: 'array', transcript: ['Hello there.'] }, () => []);
    const html = renderReportPage(buildReportModel(transcript, undefined));

    expectSafeMarkup(html);
    expect(html).toContain('No content idea was found in this call.');
    expect(html).toContain('No speaker is named in this call.');
    expect(html).toContain('The text of this call is no longer stored');
  });
});

describe('reportPageHeaders', () => {
  it('allow the page’s own stylesheet by its hash, and nothing else: no script, no style attribute, no image, no form, no frame', () => {
    const { transcript, segments } = analysedTranscript(salesCall);
    const html = renderReportPage(buildReportModel(transcript, segments));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const csp = reportPageHeaders['content-security-policy']!;

    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; img-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(renderReportError(404, 'x', 'y')).toContain(`<style>${style}</style>`);
    expect(reportPageHeaders).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
    });
  });
});

describe('renderReportError', () => {
  it('escapes its title and detail', () => {
    const html = renderReportError(410, `Gone ${HOSTILE}`, `Detail ${HOSTILE}`);

    expectSafeMarkup(html);
    expect(html).toContain(`<h1>Gone ${escaped(HOSTILE)}</h1>`);
    expect(html).toContain(`<p>Detail ${escaped(HOSTILE)}</p>`);
    expect(html).toContain('HTTP status 410.');
  });
});

function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
