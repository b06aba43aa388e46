import { ideaKinds, type ContentIdea, type IdeaKind } from '../../lib/transcripts/model/analysis';
import { spanOf, type Label, type LabelledCall, type Span } from './labelled-call';

/**
 * Scores an analyser's ideas against a call's labels. An idea matches a label of its own kind when
 * one of its evidence quotes covers the same words of the same line: their overlap is at least half
 * of the shorter of the two. Precision counts the ideas that match a required label against those
 * that match no label; an idea that matches only an optional label counts neither way. Recall counts
 * the required labels that some idea matched.
 */

/** Share of the shorter of two spans they must share to be the same place in the call. */
const MIN_OVERLAP = 0.5;

export interface FalseIdea {
  idea: ContentIdea;
  /** The label of another kind at the same place, when there is one: the kind was wrong, not the place. */
  labelledAs?: IdeaKind;
}

export interface CallScore {
  call: LabelledCall;
  ideas: ContentIdea[];
  /** Required labels some idea of their kind matched. */
  found: Label[];
  missed: Label[];
  /** Ideas that matched a required label. */
  right: ContentIdea[];
  /** Ideas that matched only an optional label. */
  optional: ContentIdea[];
  wrong: FalseIdea[];
  /** The same, each idea finding one required label at most and each label found once (`oneToOne`). */
  oneToOne: { right: number; wrong: number; found: number };
}

/** Where an evidence quote stands in the call's script: the first line holding it. */
function locate(call: LabelledCall, quote: string): Span | undefined {
  for (let line = 0; line < call.script.length; line++) {
    const from = call.script[line]![1].indexOf(quote);
    if (from >= 0) return { line, from, to: from + quote.length };
  }
  return undefined;
}

function samePlace(a: Span, b: Span): boolean {
  if (a.line !== b.line) return false;
  const shared = Math.min(a.to, b.to) - Math.max(a.from, b.from);
  return shared > 0 && shared >= MIN_OVERLAP * Math.min(a.to - a.from, b.to - b.from);
}

/** What an analyser found in one call, against its labels. */
export function scoreCall(call: LabelledCall, ideas: readonly ContentIdea[]): CallScore {
  const labels = call.ideas.map((label) => ({ label, span: spanOf(call, label) }));
  const found = new Set<Label>();
  const score: CallScore = {
    call,
    ideas: [...ideas],
    found: [],
    missed: [],
    right: [],
    optional: [],
    wrong: [],
    oneToOne: { right: 0, wrong: 0, found: 0 },
  };
  const labelsOf: Label[][] = [];
  for (const idea of ideas) {
    const places = idea.evidence.flatMap((evidence) => locate(call, evidence.quote) ?? []);
    const atPlace = labels.filter(({ span }) => places.some((place) => samePlace(place, span)));
    const sameKind = atPlace.filter(({ label }) => label.kind === idea.kind);
    labelsOf.push(sameKind.map(({ label }) => label));
    for (const { label } of sameKind) found.add(label);
    if (sameKind.some(({ label }) => !label.optional)) score.right.push(idea);
    else if (sameKind.length > 0) score.optional.push(idea);
    else score.wrong.push({ idea, ...(atPlace[0] ? { labelledAs: atPlace[0].label.kind } : {}) });
  }
  for (const { label } of labels) {
    if (label.optional) continue;
    (found.has(label) ? score.found : score.missed).push(label);
  }
  score.oneToOne = oneToOne(labelsOf);
  return score;
}

/**
 * The score counted one to one: an idea whose quotes cover two labels of its kind finds one of
 * them, and a label two ideas match makes one of them right, the other false (a maximum matching,
 * Kuhn's augmenting paths). The score above counts both ways generously, so that an analyser that
 * merges what the labels hold apart, or repeats itself, shows it here.
 */
function oneToOne(labelsOf: readonly Label[][]): CallScore['oneToOne'] {
  const owner = new Map<Label, number>();
  const claim = (idea: number, tried: Set<Label>): boolean =>
    labelsOf[idea]!.some((label) => {
      if (label.optional || tried.has(label)) return false;
      tried.add(label);
      const holder = owner.get(label);
      if (holder !== undefined && !claim(holder, tried)) return false;
      owner.set(label, idea);
      return true;
    });
  labelsOf.forEach((_, idea) => claim(idea, new Set()));
  const matched = new Set(owner.values());
  const right = matched.size;
  const neither = labelsOf.filter((labels, idea) => !matched.has(idea) && labels.some((label) => label.optional)).length;
  return { right, wrong: labelsOf.length - right - neither, found: owner.size };
}

const share = (part: number, whole: number) => (whole === 0 ? undefined : part / whole);

/** Overall precision and recall of scored calls counted one to one (`CallScore.oneToOne`). */
export function oneToOneTally(scores: readonly CallScore[]): {
  right: number;
  wrong: number;
  found: number;
  labels: number;
  precision: number | undefined;
  recall: number | undefined;
} {
  const sum = (pick: (score: CallScore) => number) => scores.reduce((total, score) => total + pick(score), 0);
  const right = sum((s) => s.oneToOne.right);
  const wrong = sum((s) => s.oneToOne.wrong);
  const found = sum((s) => s.oneToOne.found);
  const labels = sum((s) => s.found.length + s.missed.length);
  return { right, wrong, found, labels, precision: share(right, right + wrong), recall: share(found, labels) };
}

export interface KindTally {
  kind: IdeaKind | 'overall';
  /** Ideas that matched a required label, and ideas that matched none. */
  right: number;
  wrong: number;
  /** Required labels found, and missed. */
  found: number;
  missed: number;
  precision: number | undefined;
  recall: number | undefined;
}

/** Precision and recall per kind, and over all kinds, of a set of scored calls. */
export function tallyByKind(scores: readonly CallScore[]): KindTally[] {
  const tally = (kind: IdeaKind | 'overall'): KindTally => {
    const fits = (k: IdeaKind) => kind === 'overall' || k === kind;
    const count = <T>(pick: (score: CallScore) => readonly T[], kindOf: (item: T) => IdeaKind) =>
      scores.reduce((sum, score) => sum + pick(score).filter((item) => fits(kindOf(item))).length, 0);
    const right = count(
      (s) => s.right,
      (idea) => idea.kind,
    );
    const wrong = count(
      (s) => s.wrong,
      (entry) => entry.idea.kind,
    );
    const found = count(
      (s) => s.found,
      (label) => label.kind,
    );
    const missed = count(
      (s) => s.missed,
      (label) => label.kind,
    );
    return { kind, right, wrong, found, missed, precision: share(right, right + wrong), recall: share(found, found + missed) };
  };
  return [...ideaKinds.map(tally), tally('overall')];
}
