import { join } from 'node:path';
import * as z from 'zod';
import type { ContentIdea } from '../../lib/transcripts/model/analysis';
import { LABELLED_DIR, labelSchema, loadPerCallFiles, problemsOf, type LabelledCall } from './labelled-call';
import { scoreCall, type CallScore } from './score-ideas';

/**
 * Second labels: some labelled calls were labelled again by someone who saw only the script and the
 * labelling guide, not the first labels nor the analyser. Scoring the second labeller as if it were
 * an analyser says how far two people agree on a call's ideas: what a careful reader of the whole
 * call reaches, and so whether a target is out of anyone's reach or only out of the analyser's.
 *
 * A file of `tests/fixtures/transcripts/second-labels/` is named after its call and holds
 * `{ "ideas": [ …labels, as in the labelled call… ] }`.
 */
export const SECOND_LABELS_DIR = join(LABELLED_DIR, '../second-labels');

const secondLabelsSchema = z.strictObject({ ideas: z.array(labelSchema).min(1) });

/** A call and the same call with its second labeller's ideas. */
export interface LabelledTwice {
  first: LabelledCall;
  second: LabelledCall;
}

/** The calls that have second labels, checked like a labelled call: a quote must be verbatim and unique. */
export function loadSecondLabels(calls: readonly LabelledCall[], dir = SECOND_LABELS_DIR): LabelledTwice[] {
  return loadPerCallFiles(dir, calls, secondLabelsSchema, 'second labels').map(({ call, data, fail }) => {
    const second = { ...call, ideas: data.ideas };
    for (const problem of problemsOf(second)) fail(problem);
    return { first: call, second };
  });
}

/**
 * The second labeller scored against the first as an analyser would be: each of its required
 * labels is an idea (its optional ones are lesser ideas it would not insist on, so they are left
 * out, as an analyser's weakest ideas fall under its threshold).
 */
export function scoreSecondLabeller(pairs: readonly LabelledTwice[]): CallScore[] {
  return pairs.map(({ first, second }) => scoreCall(first, second.ideas.filter((label) => !label.optional).map(asIdea)));
}

function asIdea(label: { kind: ContentIdea['kind']; quote: string }): ContentIdea {
  return {
    kind: label.kind,
    hook: label.quote,
    angle: label.quote,
    score: 1,
    mentions: 1,
    evidence: [{ quote: label.quote, side: 'unknown' }],
  };
}
