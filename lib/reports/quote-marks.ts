/**
 * Where each idea's quotes are in the call: the segment and characters that say them, for the
 * report's transcript to highlight in place. Quotes are verbatim slices of a segment's text (both
 * analysers take evidence from the call), so a quote is found by its text; one said several times
 * is the one its speaker said, nearest its time. A quote found only with other spacing, case or
 * typographic quotes (an LLM's, grounded that way) is found too; one not found at all is not marked.
 */
import type { ContentIdea, Evidence, IdeaKind } from '../transcripts/model/analysis';
import type { Segment } from '../transcripts/text/segment';
import { startAt } from '../transcripts/text/segment';

/** One quote's place in a segment's text. */
export interface QuoteRange {
  from: number;
  to: number;
  kind: IdeaKind;
  /** The idea's rank in the list (1 = first). */
  rank: number;
  /** The id its mark carries in the page, `quote-<rank>-<n>` (n from 1). */
  anchor: string;
}

/** The quotes found: by segment index, in text order; and each found anchor's segment. */
export interface LocatedQuotes {
  bySegment: Map<number, QuoteRange[]>;
  segmentOf: Map<string, number>;
}

/** The anchor of an idea's `n`th evidence (0-based index). */
export function quoteAnchor(rank: number, index: number): string {
  return `quote-${rank}-${index + 1}`;
}

/** A text folded for a lenient search, with the offset in the text of each folded character. */
interface Folded {
  text: string;
  offsets: number[];
}

const TYPOGRAPHIC: Record<string, string> = { '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"' };

/** Lower case, typographic quotes as plain ones, every run of whitespace as one space. */
function fold(text: string): Folded {
  let folded = '';
  const offsets: number[] = [];
  let spaced = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (/\s/.test(char)) {
      if (!spaced && folded !== '') {
        folded += ' ';
        offsets.push(at);
      }
      spaced = true;
      continue;
    }
    spaced = false;
    folded += (TYPOGRAPHIC[char] ?? char).toLowerCase();
    offsets.push(at);
  }
  return { text: folded, offsets };
}

interface Found {
  segment: number;
  from: number;
  to: number;
}

/** Every place `quote` is said, exactly; else (none) every place it is said but for spacing, case and quote marks. */
function placesOf(segments: readonly Segment[], quote: string, folded: () => Folded[]): Found[] {
  const found: Found[] = [];
  segments.forEach((segment, index) => {
    for (let at = segment.text.indexOf(quote); at >= 0; at = segment.text.indexOf(quote, at + 1)) {
      found.push({ segment: index, from: at, to: at + quote.length });
    }
  });
  if (found.length > 0) return found;
  const wanted = fold(quote).text.trim();
  if (wanted === '') return found;
  folded().forEach(({ text, offsets }, index) => {
    for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1)) {
      found.push({ segment: index, from: offsets[at] as number, to: (offsets[at + wanted.length - 1] as number) + 1 });
    }
  });
  return found;
}

/** The place of an evidence among those of its text: its speaker's, nearest its time; the first of equals. */
function bestPlace(segments: readonly Segment[], places: Found[], evidence: Evidence): Found | undefined {
  let best: Found | undefined;
  let bestScore = Infinity;
  for (const place of places) {
    const segment = segments[place.segment] as Segment;
    const speakerMiss = evidence.speaker !== undefined && segment.speaker !== evidence.speaker ? 1e12 : 0;
    const time = startAt(segment, place.from);
    const distance = evidence.start !== undefined && time !== undefined ? Math.abs(time - evidence.start) : 0;
    const score = speakerMiss + distance;
    if (score < bestScore) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}

/** Finds every idea's quotes in the segments (ideas in their ranked order). */
export function locateQuotes(segments: readonly Segment[], ideas: readonly ContentIdea[]): LocatedQuotes {
  const bySegment = new Map<number, QuoteRange[]>();
  const segmentOf = new Map<string, number>();
  let foldedSegments: Folded[] | undefined;
  const folded = () => (foldedSegments ??= segments.map((segment) => fold(segment.text)));
  ideas.forEach((idea, index) => {
    const rank = index + 1;
    idea.evidence.forEach((evidence, evidenceIndex) => {
      if (evidence.quote.trim() === '') return;
      const place = bestPlace(segments, placesOf(segments, evidence.quote, folded), evidence);
      if (!place) return;
      const anchor = quoteAnchor(rank, evidenceIndex);
      const ranges = bySegment.get(place.segment) ?? [];
      ranges.push({ from: place.from, to: place.to, kind: idea.kind, rank, anchor });
      bySegment.set(place.segment, ranges);
      segmentOf.set(anchor, place.segment);
    });
  });
  for (const ranges of bySegment.values()) ranges.sort((a, b) => a.from - b.from || b.to - a.to || a.rank - b.rank);
  return { bySegment, segmentOf };
}
