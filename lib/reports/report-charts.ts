/**
 * The report's charts as inline SVG in HTML: talk bars and the call's timeline. Nothing is loaded
 * and nothing runs: shapes are SVG elements styled by the page's own stylesheet (classes, no style
 * attributes, which the page's policy refuses), sized in a viewBox stretched to the width of their
 * row, so they follow the page from a phone to paper. Text (names, times) is HTML beside the
 * shapes, never SVG text that stretching would distort. Every text is escaped.
 */
import { escapeHtml } from '../http/html';
import type { IdeaKind } from '../transcripts/model/analysis';
import { formatTimestamp } from '../transcripts/text/timestamp';
import type { Side } from '../transcripts/text/segment';
import type { TalkRow } from './report-model';
import type { TimelineModel } from './report-timeline';

/** Width of a track's viewBox: a timeline's resolution (report-timeline.ts merges closer spans). */
const TRACK_WIDTH = 1000;
const TRACK_HEIGHT = 20;

export const KIND_NAMES: Record<IdeaKind, string> = {
  customer_question: 'Customer question',
  objection: 'Objection',
  pain_point: 'Pain point',
  competitor: 'Competitor',
  next_step: 'Next step',
  story_or_quote: 'Story or quote',
  insight: 'Insight',
};

export const SIDE_WORDS: Record<Side | 'mixed', string> = {
  internal: 'internal',
  external: 'external',
  unknown: 'side unknown',
  mixed: 'several speakers',
};

/** A share as a whole percentage; above 0 but under 1 % reads `<1%`. */
export function percent(share: number): string {
  if (share > 0 && share < 0.005) return '<1%';
  return `${Math.round(share * 100)}%`;
}

/** Seconds as `m:ss`, or `h:mm:ss` from an hour. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

/** A number with at most 2 decimals, as SVG coordinates are written. */
const coordinate = (value: number) => String(Math.round(value * 100) / 100);

/** What a talk row measures, in words: its time (when shares are of talk time) or its words. */
export function talkAmount(row: TalkRow, basis: 'talk_time' | 'words'): string {
  const words = `${row.words.toLocaleString('en-US')} word${row.words === 1 ? '' : 's'}`;
  return basis === 'talk_time' && row.talkSeconds !== null ? `${clock(row.talkSeconds)} · ${words}` : words;
}

/** A horizontal bar filled to `fraction` (0..1) of its row, in the class of `side`, labelled for screen readers. */
export function barSvg(fraction: number, side: Side, label: string): string {
  const width = coordinate(Math.min(1, Math.max(0, fraction)) * 100);
  return `<svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(label)}"><rect class="track" width="100" height="10"/><rect class="fill ${side}" width="${width}" height="10"/></svg>`;
}

/** One bar of the sides' shares, side by side (internal, external, unknown), labelled. */
export function sidesBarSvg(rows: readonly TalkRow[]): string {
  let x = 0;
  const parts = rows.map((row) => {
    const width = Math.max(0, row.share) * 100;
    const rect = `<rect class="fill ${row.side}" x="${coordinate(x)}" width="${coordinate(width)}" height="10"><title>${escapeHtml(`${row.name}: ${percent(row.share)}`)}</title></rect>`;
    x += width;
    return rect;
  });
  const label = rows.map((row) => `${row.name} ${percent(row.share)}`).join(', ');
  return `<svg class="bar sides-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(label)}"><rect class="track" width="100" height="10"/>${parts.join('')}</svg>`;
}

/** Vertical lines at the quarters of a track, to read times against the axis. */
function gridLines(): string {
  return [1, 2, 3]
    .map((quarter) => {
      const x = (TRACK_WIDTH * quarter) / 4;
      return `<line class="grid" x1="${x}" x2="${x}" y1="0" y2="${TRACK_HEIGHT}" vector-effect="non-scaling-stroke"/>`;
    })
    .join('');
}

function trackSvg(label: string, content: string): string {
  return `<svg class="track" viewBox="0 0 ${TRACK_WIDTH} ${TRACK_HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(label)}">${gridLines()}${content}</svg>`;
}

/** A quote cut to `max` characters at a word, with an ellipsis when cut. */
export function shortQuote(quote: string, max = 140): string {
  if (quote.length <= max) return quote;
  const cut = quote.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The timeline: a lane per speaker with their speech as bars (coloured by side), the longest
 * monologue outlined on its lane, and a lane of marks (questions solid, objections dashed) linking
 * to their ideas; an axis of times under them. Without times, the reason instead.
 */
export function timelineHtml(timeline: TimelineModel): string {
  if (!timeline.timed) return `<p class="notice" id="timeline-untimed">${escapeHtml(timeline.reason)}</p>`;
  const x = (seconds: number) => (Math.min(Math.max(seconds, 0), timeline.axisSeconds) / timeline.axisSeconds) * TRACK_WIDTH;
  const rows: string[] = [];

  const marks = timeline.marks
    .map((mark) => {
      const at = coordinate(x(mark.at));
      const title = `${KIND_NAMES[mark.kind]} (idea ${mark.rank}) at ${formatTimestamp(mark.at)}${mark.speaker === undefined ? '' : `, ${mark.speaker}`}: “${shortQuote(mark.quote)}”`;
      return `<a href="#idea-${mark.rank}" class="mark-link"><title>${escapeHtml(title)}</title><line class="mark ${mark.kind}" x1="${at}" x2="${at}" y1="1" y2="${TRACK_HEIGHT - 1}" vector-effect="non-scaling-stroke"/></a>`;
    })
    .join('');
  const markCount = timeline.marks.length;
  rows.push(
    `<div class="lane marks-lane"><span class="lane-name">Questions and objections <span class="count">(${markCount})</span></span>${trackSvg(
      `${markCount} customer questions and objections`,
      marks,
    )}</div>`,
  );

  timeline.lanes.forEach((lane, index) => {
    const spans = lane.spans
      .map((span) => {
        const from = x(span.start);
        return `<rect class="speech ${span.side}" x="${coordinate(from)}" y="4" width="${coordinate(Math.max(1, x(span.end) - from))}" height="${TRACK_HEIGHT - 8}"/>`;
      })
      .join('');
    const monologue = timeline.monologue?.lane === index ? timeline.monologue : undefined;
    const outline = monologue
      ? `<rect class="monologue" x="${coordinate(x(monologue.start))}" y="1" width="${coordinate(Math.max(2, x(monologue.end) - x(monologue.start)))}" height="${TRACK_HEIGHT - 2}" vector-effect="non-scaling-stroke"><title>${escapeHtml(
          `Longest monologue: ${monologue.speaker}, ${clock(monologue.end - monologue.start)} from ${formatTimestamp(monologue.start)}`,
        )}</title></rect>`
      : '';
    rows.push(
      `<div class="lane${monologue ? ' has-monologue' : ''}"><span class="lane-name"><span class="speaker">${escapeHtml(lane.name)}</span> <span class="side-tag ${lane.side}">${escapeHtml(SIDE_WORDS[lane.side])}</span></span>${trackSvg(
        `${lane.name}: when they spoke`,
        spans + outline,
      )}</div>`,
    );
  });

  const ticks = [0, 1, 2, 3, 4].map((quarter) => `<span>${escapeHtml(clock((timeline.axisSeconds * quarter) / 4))}</span>`).join('');
  rows.push(`<div class="lane axis"><span class="lane-name"></span><div class="ticks">${ticks}</div></div>`);
  return `<div class="timeline" id="timeline-chart">${rows.join('\n')}</div>`;
}
