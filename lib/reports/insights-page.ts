/**
 * The insights page of a period: plain server-rendered HTML, shares as inline SVG bars, no script.
 * Pure functions, no I/O. Everything shown is escaped and links are the service's own report links;
 * the page loads nothing, which `insightsPageHeaders`' CSP enforces (its one stylesheet allowed by
 * hash). It reads on a phone and prints, as the report page does.
 */
import { dayHtml, escapeHtml, htmlDocument, ownLinkHtml, readOnlyPageHeaders, timeHtml } from '../http/html';
import { BASE_STYLE } from './page-style';
import { barSvg, percent } from './report-charts';
import type { Insights } from '../insights/insights-view';
import type { ThemeKind } from '../insights/model/theme';
import { themeKinds } from '../insights/model/theme';

const STYLE = `${BASE_STYLE}ol.themes{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.theme{border:1px solid var(--line);border-left:6px solid var(--muted);border-radius:6px;padding:.75rem 1rem;break-inside:avoid}
.theme.customer_question{border-left-color:#b45309}.theme.objection{border-left-color:#b91c1c}.theme.pain_point{border-left-color:#a16207}.theme.competitor{border-left-color:#7c3aed}
.theme header{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline}.theme h3{margin:0;overflow-wrap:anywhere}
.trend{font-size:.8rem;font-weight:600;border-radius:.6rem;padding:0 .5rem;border:1px solid currentColor;white-space:nowrap}
.trend.new{color:#1d4ed8}.trend.flat{color:var(--muted)}
.share{display:grid;grid-template-columns:1fr 13rem;gap:.25rem 1rem;align-items:center;margin:.5rem 0}.share .value{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
svg.bar{display:block;width:100%;height:1.1rem}svg.bar .track{fill:#eef0f3}svg.bar .fill{fill:var(--external)}
.theme blockquote{margin:.5rem 0 .25rem;padding:.25rem .75rem;border-left:3px solid var(--line);font-style:italic;overflow-wrap:anywhere;white-space:pre-wrap}
.theme .source{margin:0 0 .5rem;font-size:.9rem;color:var(--muted);overflow-wrap:anywhere}
footer{margin-top:3rem;border-top:1px solid var(--line);padding-top:.5rem}
@media (max-width:40rem){main{padding:.75rem .75rem 2rem}h1{font-size:1.3rem}dl.facts{grid-template-columns:1fr}.share{grid-template-columns:1fr}.share .value{text-align:left}}
@media print{@page{margin:1.5cm}body{font-size:10.5pt}main{max-width:none;padding:0}nav.sections{display:none}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}a{color:inherit;text-decoration:none}h2{break-after:avoid}.theme{break-inside:avoid}}`;

/** Headers of the insights page (and of its refusals, which are the report's pages): its stylesheet, nothing else. */
export const insightsPageHeaders: Record<string, string> = readOnlyPageHeaders(STYLE);

const SECTION_NAMES: Record<ThemeKind, { title: string; none: string }> = {
  objection: { title: 'Objections', none: 'No objection was raised in this period.' },
  customer_question: { title: 'Customer questions', none: 'No customer question was asked in this period.' },
  pain_point: { title: 'Pain points', none: 'No pain point was told in this period.' },
  competitor: { title: 'Competitors', none: 'No competitor was named in this period.' },
};

type ThemeView = Insights['themes'][ThemeKind][number];

/** What the page is given: the period's insights, a report link of a call when links are configured, and when its own link ends. */
export interface InsightsPageModel {
  insights: Insights;
  reportLink: (callId: string) => string | undefined;
  linkExpiresAt: Date;
}

const callsWord = (calls: number) => `${calls.toLocaleString('en-US')} call${calls === 1 ? '' : 's'}`;

const TREND_WORDS: Record<ThemeView['trend'], string> = { new: 'new', up: 'up', down: 'down', flat: 'as before' };

function quoteHtml(quote: ThemeView['quotes'][number], model: InsightsPageModel): string {
  const report = model.reportLink(quote.callId);
  const source = [escapeHtml(quote.title), dayHtml(quote.day)];
  if (report !== undefined) source.push(ownLinkHtml(report, 'the call’s report'));
  return `<blockquote>${escapeHtml(quote.quote)}</blockquote>
<p class="source">${source.join(' · ')}</p>`;
}

function themeHtml(kind: ThemeKind, theme: ThemeView, index: number, model: InsightsPageModel): string {
  const { insights } = model;
  const raised = `${callsWord(theme.calls)} of ${insights.calls.toLocaleString('en-US')}`;
  const before =
    theme.trend === 'new'
      ? 'None in the previous period.'
      : `${callsWord(theme.previousCalls)} of ${insights.previous.calls.toLocaleString('en-US')} (${percent(theme.previousCalls / Math.max(1, insights.previous.calls))}) in the previous period.`;
  const id = `${kind}-${index + 1}`;
  return `<li><article class="theme ${kind}" id="${id}" aria-labelledby="${id}-title">
<header><h3 id="${id}-title">${escapeHtml(theme.label)}</h3><span class="trend ${theme.trend}">${TREND_WORDS[theme.trend]}</span></header>
<div class="share">${barSvg(theme.share, 'external', `${theme.label}: ${percent(theme.share)} of the calls`)}<span class="value"><strong>${escapeHtml(percent(theme.share))}</strong> · ${escapeHtml(raised)}</span></div>
<p class="hint">${escapeHtml(before)}</p>
${theme.quotes.map((quote) => quoteHtml(quote, model)).join('\n')}
</article></li>`;
}

function sectionHtml(kind: ThemeKind, model: InsightsPageModel): string {
  const themes = model.insights.themes[kind];
  const { title, none } = SECTION_NAMES[kind];
  const list = themes.length
    ? `<ol class="themes">\n${themes.map((theme, index) => themeHtml(kind, theme, index, model)).join('\n')}\n</ol>`
    : `<p class="muted">${escapeHtml(none)}</p>`;
  return `<section id="${kind}" aria-labelledby="${kind}-heading">
<h2 id="${kind}-heading">${escapeHtml(title)}</h2>
${list}
</section>`;
}

function headerHtml({ insights }: InsightsPageModel): string {
  const { previous } = insights;
  const links = themeKinds
    .map((kind) => `<li><a href="#${kind}">${escapeHtml(SECTION_NAMES[kind].title)} (${insights.themes[kind].length})</a></li>`)
    .join('');
  const empty =
    insights.calls === 0
      ? '\n<p class="notice" id="no-calls">No call of this period was analysed: themes appear as calls are added and analysed.</p>'
      : '';
  return `<header id="summary">
<p class="muted">Themes across calls</p>
<h1>What buyers raised, ${dayHtml(insights.from)} to ${dayHtml(insights.to)}</h1>
<dl class="facts">
<dt>Calls analysed</dt><dd id="calls">${escapeHtml(insights.calls.toLocaleString('en-US'))}</dd>
<dt>Previous period</dt><dd id="previous">${dayHtml(previous.from)} to ${dayHtml(previous.to)}: ${escapeHtml(callsWord(previous.calls))}</dd>
</dl>${empty}
<nav class="sections" aria-label="Sections"><ul>${links}</ul></nav>
</header>`;
}

/** The insights page of a period, a whole HTML document. */
export function renderInsightsPage(model: InsightsPageModel): string {
  const { insights } = model;
  const footer = `<footer class="hint"><p>Each theme counts the calls that raised it, by their start time; its trend compares its share of the calls with the period as long before (up or down past a fifth). Quotes are the buyers’ words, best first. This link opens this page until ${timeHtml(model.linkExpiresAt.toISOString())}; the API gives a new one (<code>links.page</code> of <code>GET /api/v1/insights</code>).</p></footer>`;
  return htmlDocument(
    `Themes across calls, ${insights.from} to ${insights.to}`,
    STYLE,
    [headerHtml(model), ...themeKinds.map((kind) => sectionHtml(kind, model)), footer].join('\n'),
  );
}
