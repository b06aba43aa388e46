/**
 * The report page of an analysed call: plain server-rendered HTML, charts as inline SVG
 * (report-charts.ts), no script. Pure functions, no I/O. Everything shown is escaped and only
 * http(s) URLs become links (lib/http/html.ts); the page loads nothing, which `reportPageHeaders`'
 * CSP enforces: its one stylesheet is allowed by its hash, so not even a style attribute applies.
 * It reads on a phone (one column under 40rem) and prints (a print stylesheet: no navigation,
 * cards kept whole, colours kept).
 */
import { escapeHtml, htmlDocument, linkHtml, readOnlyPageHeaders, timeHtml } from '../http/html';
import { BASE_STYLE } from './page-style';
import { formatTimestamp } from '../transcripts/text/timestamp';
import { KIND_NAMES, SIDE_WORDS, barSvg, clock, percent, sidesBarSvg, talkAmount, timelineHtml } from './report-charts';
import type { EvidenceCard, IdeaCard, ReportModel, TalkModel, TextPiece, TranscriptModel, TranscriptTurn } from './report-model';

const STYLE = `${BASE_STYLE}.ratio{font-size:1.1rem}.ratio strong{font-size:1.4rem}
.talk-row{display:grid;grid-template-columns:minmax(8rem,16rem) 1fr 14rem;gap:.25rem 1rem;align-items:center;margin:.35rem 0}
.talk-row .who{overflow-wrap:anywhere}.talk-row .value{font-variant-numeric:tabular-nums;text-align:right;white-space:nowrap}
svg.bar{display:block;width:100%;height:1.1rem}svg.bar .track{fill:#eef0f3}.fill.internal,.speech.internal{fill:var(--internal)}
.fill.external,.speech.external{fill:var(--external)}.fill.unknown,.speech.unknown{fill:var(--unknown)}
.side-tag{font-size:.75rem;border-radius:.6rem;padding:0 .45rem;white-space:nowrap;border:1px solid currentColor}
.side-tag.internal{color:var(--internal)}.side-tag.external{color:var(--external)}.side-tag.unknown,.side-tag.mixed{color:var(--muted)}
.timeline{margin:1rem 0}.lane{display:grid;grid-template-columns:minmax(6rem,13rem) 1fr;gap:.75rem;align-items:center;min-height:1.6rem}
.lane-name{font-size:.9rem;overflow-wrap:anywhere;line-height:1.2}.lane-name .count{color:var(--muted)}
svg.track{display:block;width:100%;height:1.6rem;background:#f7f8fa}svg.track .grid{stroke:var(--line);stroke-width:1}
.monologue{fill:none;stroke:var(--ink);stroke-width:2;stroke-dasharray:4 2}
.mark{stroke-width:3}.mark.customer_question{stroke:var(--question)}.mark.objection{stroke:var(--objection);stroke-dasharray:4 2}
.axis .ticks{display:flex;justify-content:space-between;font-size:.8rem;color:var(--muted);font-variant-numeric:tabular-nums}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;font-size:.85rem;color:var(--muted);list-style:none;padding:0}
.key{display:inline-block;width:1.5rem;height:.7rem;vertical-align:middle;margin-right:.35rem}
.key.internal{background:var(--internal)}.key.external{background:var(--external)}.key.unknown{background:var(--unknown)}
.key.question{border-left:3px solid var(--question);width:.5rem;height:1rem}.key.objection{border-left:3px dashed var(--objection);width:.5rem;height:1rem}
.key.monologue{border:2px dashed var(--ink);height:1rem}
ol.ideas{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.idea{border:1px solid var(--line);border-left:6px solid var(--muted);border-radius:6px;padding:.75rem 1rem;break-inside:avoid}
.idea.customer_question{border-left-color:var(--question)}.idea.objection{border-left-color:var(--objection)}.idea.pain_point{border-left-color:#a16207}
.idea.competitor{border-left-color:#7c3aed}.idea.next_step{border-left-color:#15803d}.idea.story_or_quote{border-left-color:#0e7490}.idea.insight{border-left-color:#4b5563}
.idea header{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline;font-size:.9rem;color:var(--muted)}
.idea .rank{font-weight:700;color:var(--ink);font-size:1rem}.idea .kind{font-weight:600;color:var(--ink)}
.idea .hook{font-weight:600;font-size:1.05rem;margin:.5rem 0;overflow-wrap:anywhere}.idea .angle{margin:.25rem 0 .5rem;overflow-wrap:anywhere}
.idea blockquote{margin:.5rem 0 .25rem;padding:.25rem .75rem;border-left:3px solid var(--line);font-style:italic;overflow-wrap:anywhere;white-space:pre-wrap}
.idea .source{margin:0 0 .5rem;font-size:.9rem;color:var(--muted)}
.idea details.draft{margin:.5rem 0 0}.idea details.draft summary{cursor:pointer;font-weight:600}.idea .post{white-space:pre-line;overflow-wrap:anywhere;border:1px solid var(--line);border-radius:6px;padding:.5rem .75rem}
.turn{display:grid;grid-template-columns:minmax(7rem,12rem) 1fr;gap:.25rem 1rem;padding:.5rem 0;border-top:1px solid #eef0f3}
.turn .who{font-size:.9rem;margin:0}.turn .who .speaker{font-weight:600;display:block;overflow-wrap:anywhere}.turn .who time{color:var(--muted);font-variant-numeric:tabular-nums}
.turn .said p{margin:0 0 .4rem;overflow-wrap:anywhere;white-space:pre-wrap}
mark{background:#fde68a;color:inherit;padding:0 .1rem;border-radius:2px}mark.customer_question{background:#fde7c7}mark.objection{background:#fbd5d5}
mark.pain_point{background:#fef3c7}mark.competitor{background:#ede9fe}mark.next_step{background:#dcfce7}mark.story_or_quote{background:#cffafe}mark.insight{background:#e5e7eb}
mark .tag{font-size:.7rem;font-style:normal;font-weight:700;color:var(--muted);margin-left:.2rem;vertical-align:super}
:target,mark:has(:target){outline:3px solid #1d4ed8;outline-offset:2px}span:target{outline:none}
footer{margin-top:3rem;border-top:1px solid var(--line);padding-top:.5rem}
@media (max-width:40rem){main{padding:.75rem .75rem 2rem}h1{font-size:1.3rem}dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.4rem}
.talk-row{grid-template-columns:1fr auto}.talk-row svg.bar{grid-column:1 / -1;grid-row:2}
.lane{grid-template-columns:5.5rem 1fr;gap:.5rem}.turn{grid-template-columns:1fr}}
@media print{@page{margin:1.5cm}body{font-size:10.5pt}main{max-width:none;padding:0}nav.sections,.no-print{display:none}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}a{color:inherit;text-decoration:none}
h2{break-after:avoid}.idea,.talk-row,.lane,.turn{break-inside:avoid}mark{border-bottom:1px solid #555}}`;

/** Headers of every report page (the report, and its refusals): its one stylesheet, and nothing else. */
export const reportPageHeaders: Record<string, string> = readOnlyPageHeaders(STYLE);

const DURATION_NOTES: Record<ReportModel['durationSource'], string> = {
  timestamps: 'from its timestamps',
  partial_timestamps: 'its timestamps cover part of it; the rest estimated from its words',
  estimated_from_words: 'estimated from its words, at 150 a minute: it has no timestamps',
};

function headerHtml(model: ReportModel): string {
  const recording = model.recordingUrl ? linkHtml(model.recordingUrl) : escapeHtml(model.recordingText);
  const participants = model.participants.length ? escapeHtml(model.participants.join(', ')) : '<span class="muted">none given</span>';
  const analysed = model.analysedAt ? `${timeHtml(model.analysedAt)}, ${escapeHtml(model.analyser)}` : escapeHtml(model.analyser);
  return `<header id="summary">
<p class="muted">Call report</p>
<h1>${escapeHtml(model.title)}</h1>
<dl class="facts">
<dt>Call</dt><dd>${timeHtml(model.callStartTime)} <span class="muted">(call id ${escapeHtml(model.callId)})</span></dd>
<dt>Duration</dt><dd>${escapeHtml(clock(model.durationSeconds))} <span class="muted">(${escapeHtml(DURATION_NOTES[model.durationSource])})</span>, ${escapeHtml(model.words.toLocaleString('en-US'))} words</dd>
<dt>Participants</dt><dd>${participants}</dd>
<dt>Recording</dt><dd id="recording">${recording}</dd>
<dt>Analysed</dt><dd>${analysed}</dd>
</dl>
<nav class="sections" aria-label="Sections"><ul>
<li><a href="#talk-time">Talk time</a></li><li><a href="#timeline">Timeline</a></li><li><a href="#ideas">Content ideas (${model.ideas.length})</a></li><li><a href="#transcript">Transcript</a></li>
</ul></nav>
</header>`;
}

function warningsHtml(warnings: readonly string[]): string {
  if (!warnings.length) return '';
  return `<ul class="warnings" id="warnings" aria-label="How the call was read">${warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('')}</ul>`;
}

function talkRowHtml(row: TalkModel['speakers'][number], fraction: number, basis: TalkModel['basis'], withSide: boolean): string {
  const side = withSide ? ` <span class="side-tag ${row.side}">${escapeHtml(SIDE_WORDS[row.side])}</span>` : '';
  const amount = talkAmount(row, basis);
  return `<div class="talk-row"><span class="who">${escapeHtml(row.name)}${side}</span>${barSvg(fraction, row.side, `${row.name}: ${percent(row.share)}, ${amount}`)}<span class="value"><strong>${escapeHtml(percent(row.share))}</strong> · ${escapeHtml(amount)}</span></div>`;
}

function talkHtml(talk: TalkModel): string {
  const basis = talk.basis === 'talk_time' ? 'of the talk time' : 'of the words (the call has no timestamps for all of it)';
  const ratio = talk.talkToListen
    ? `<p class="ratio" id="talk-to-listen">Talk-to-listen ratio (internal : external): <strong>${Math.round(talk.talkToListen.internal * 100)} : ${Math.round(talk.talkToListen.external * 100)}</strong></p>`
    : '<p class="ratio" id="talk-to-listen">Talk-to-listen ratio: <span class="muted">not known, no speaker of either side was recognised (their sides come from their emails and the workspace’s email domains)</span></p>';
  const top = Math.max(0, ...talk.speakers.map((speaker) => speaker.share));
  const speakers = talk.speakers.length
    ? talk.speakers.map((row) => talkRowHtml(row, top > 0 ? row.share / top : 0, talk.basis, true)).join('\n')
    : '<p class="muted">No speaker is named in this call.</p>';
  return `<section id="talk-time" aria-labelledby="talk-time-title">
<h2 id="talk-time-title">Talk time</h2>
${ratio}
<p class="hint">Shares ${escapeHtml(basis)}.</p>
<h3>By side</h3>
<div id="sides">${sidesBarSvg(talk.sides)}
${talk.sides.map((row) => talkRowHtml(row, row.share, talk.basis, false)).join('\n')}</div>
<h3>By speaker</h3>
<div id="speakers">
${speakers}
</div>
</section>`;
}

function timelineSectionHtml(model: ReportModel): string {
  const { timeline } = model;
  const legend = timeline.timed
    ? `<ul class="legend" aria-label="Legend"><li><span class="key internal"></span>internal</li><li><span class="key external"></span>external</li><li><span class="key unknown"></span>side unknown</li><li><span class="key question"></span>customer question</li><li><span class="key objection"></span>objection</li><li><span class="key monologue"></span>longest monologue</li></ul>`
    : '';
  const longest = model.longestMonologue;
  const monologue =
    timeline.timed && timeline.monologue
      ? `<p id="longest-monologue">Longest monologue: <strong>${escapeHtml(timeline.monologue.speaker)}</strong>, ${escapeHtml(clock(timeline.monologue.end - timeline.monologue.start))} from ${escapeHtml(formatTimestamp(timeline.monologue.start))} (${escapeHtml(timeline.monologue.words.toLocaleString('en-US'))} words).</p>`
      : longest
        ? `<p id="longest-monologue">Longest monologue: <strong>${escapeHtml(longest.speaker)}</strong>, ${escapeHtml(longest.words.toLocaleString('en-US'))} words${longest.seconds === null ? '' : ` (${escapeHtml(clock(longest.seconds))})`}.</p>`
        : '';
  const partial =
    timeline.timed && timeline.partial
      ? '<p class="notice">Only part of this call has timestamps: its speech without a time is not drawn.</p>'
      : '';
  return `<section id="timeline" aria-labelledby="timeline-title">
<h2 id="timeline-title">Timeline</h2>
${legend}${partial}
${timelineHtml(timeline)}
${monologue}
</section>`;
}

function evidenceHtml(evidence: EvidenceCard): string {
  const who = evidence.speaker === undefined ? 'Unnamed speaker' : evidence.speaker;
  const parts = [`${escapeHtml(who)} <span class="side-tag ${evidence.side}">${escapeHtml(SIDE_WORDS[evidence.side])}</span>`];
  if (evidence.timestamp !== undefined) parts.push(`at <time>${escapeHtml(evidence.timestamp)}</time>`);
  if (evidence.recordingUrl !== undefined) {
    parts.push(linkHtml(evidence.recordingUrl, `play the recording at ${evidence.timestamp ?? 'this moment'}`));
  }
  if (evidence.anchor !== undefined) parts.push(`<a href="#${escapeHtml(evidence.anchor)}" class="no-print">in the transcript</a>`);
  return `<blockquote>${escapeHtml(evidence.quote)}</blockquote>
<p class="source">${parts.join(' · ')}</p>`;
}

function ideaHtml(idea: IdeaCard): string {
  const mentions = idea.mentions > 1 ? `<span>said ${idea.mentions} times</span>` : '';
  return `<li><article class="idea ${idea.kind}" id="idea-${idea.rank}" aria-labelledby="idea-${idea.rank}-hook">
<header><span class="rank">#${idea.rank}</span><span class="kind">${escapeHtml(KIND_NAMES[idea.kind])}</span><span>score ${escapeHtml(idea.score.toFixed(2))}</span>${mentions}</header>
<p class="hook" id="idea-${idea.rank}-hook">${escapeHtml(idea.hook)}</p>
<p class="angle">${escapeHtml(idea.angle)}</p>
${idea.evidence.map(evidenceHtml).join('\n')}${idea.draft ? `\n${draftHtml(idea.draft)}` : ''}
</article></li>`;
}

/** A best idea's post draft, folded: the text as it would be published, and what was masked in it. */
function draftHtml(draft: NonNullable<IdeaCard['draft']>): string {
  const masked = draft.masked.length > 0 ? `Masked: ${draft.masked.map(escapeHtml).join(', ')}.` : 'Nothing needed masking.';
  return `<details class="draft"><summary>Post draft (${draft.text.length.toLocaleString('en-US')} characters)</summary>
<p class="post">${escapeHtml(draft.text)}</p>
<p class="source">${masked}</p>
</details>`;
}

function ideasHtml(model: ReportModel): string {
  const seek = model.recordingSeeks
    ? 'Each quote links to its moment in the recording (a <code>#t=</code> media fragment) and to its place in the transcript below.'
    : 'Each quote links to its place in the transcript below.';
  const list = model.ideas.length
    ? `<ol class="ideas">\n${model.ideas.map(ideaHtml).join('\n')}\n</ol>`
    : '<p class="muted">No content idea was found in this call.</p>';
  return `<section id="ideas" aria-labelledby="ideas-title">
<h2 id="ideas-title">Content ideas</h2>
<p class="hint">Ranked, best first. ${seek} The call's best ideas, the post material, each carry a post draft.</p>
${list}
</section>`;
}

function pieceHtml(piece: TextPiece): string {
  if (!piece.mark) return escapeHtml(piece.text);
  const { ideas, anchors } = piece.mark;
  const first = ideas[0];
  const title = ideas.map((idea) => `${KIND_NAMES[idea.kind]} (idea ${idea.rank})`).join(', ');
  const targets = anchors.map((anchor) => `<span id="${escapeHtml(anchor)}"></span>`).join('');
  const tags = ideas.map((idea) => `<a class="tag" href="#idea-${idea.rank}">${idea.rank}</a>`).join('');
  return `<mark class="${first ? first.kind : ''}" title="${escapeHtml(title)}">${targets}${escapeHtml(piece.text)}<span class="tag">${tags}</span></mark>`;
}

function turnHtml(turn: TranscriptTurn): string {
  const speaker =
    turn.speaker === undefined
      ? '<span class="speaker muted">Unnamed speaker</span>'
      : `<span class="speaker">${escapeHtml(turn.speaker)}</span>`;
  const time = turn.start === undefined ? '' : ` <time>${escapeHtml(formatTimestamp(turn.start))}</time>`;
  return `<div class="turn ${turn.side}"><p class="who">${speaker}<span class="side-tag ${turn.side}">${escapeHtml(SIDE_WORDS[turn.side])}</span>${time}</p><div class="said">${turn.paragraphs
    .map((pieces) => `<p>${pieces.map(pieceHtml).join('')}</p>`)
    .join('')}</div></div>`;
}

function transcriptHtml(transcript: TranscriptModel): string {
  if (!transcript.available) {
    return `<section id="transcript" aria-labelledby="transcript-title">
<h2 id="transcript-title">Transcript</h2>
<p class="notice">${escapeHtml(transcript.reason)}</p>
</section>`;
  }
  const truncated = transcript.truncated
    ? `<p class="notice" id="transcript-truncated">This call is too long to show whole here: its first ${transcript.truncated.shownTurns.toLocaleString('en-US')} turns of ${transcript.truncated.totalTurns.toLocaleString('en-US')} are shown.</p>`
    : '';
  return `<section id="transcript" aria-labelledby="transcript-title">
<h2 id="transcript-title">Transcript</h2>
<p class="hint">Each idea’s quote is highlighted where it was said, with the idea’s number.</p>
${truncated}<div class="turns">
${transcript.turns.map(turnHtml).join('\n')}
</div>
</section>`;
}

function footerHtml(model: ReportModel): string {
  const link = model.linkExpiresAt
    ? ` This link opens it until ${timeHtml(model.linkExpiresAt)}; the API gives a new one (<code>links.report</code> of the transcript).`
    : '';
  return `<footer class="hint"><p>A view of the call’s stored analysis.${link}</p></footer>`;
}

/** The report page of an analysed call, a whole HTML document. */
export function renderReportPage(model: ReportModel): string {
  return htmlDocument(
    `${model.title}: call report`,
    STYLE,
    [
      headerHtml(model),
      warningsHtml(model.warnings),
      talkHtml(model.talk),
      timelineSectionHtml(model),
      ideasHtml(model),
      transcriptHtml(model.transcript),
      footerHtml(model),
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** A page for a link that opens nothing, or for an error: its title, what to do, and the status. */
export function renderReportError(status: number, title: string, detail: string): string {
  return htmlDocument(
    title,
    STYLE,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(detail)}</p>\n<p class="hint">HTTP status ${status}.</p>`,
  );
}
