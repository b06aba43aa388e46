import { MODEL_CLASSES, sentenceFeatures, WEIGHT_SCALE, WORD_FEATURE, type IdeaModel } from '../../lib/transcripts/ideas/idea-model';
import { cueScores } from '../../lib/transcripts/ideas/idea-scores';
import { normaliseTranscript } from '../../lib/transcripts/normalise-transcript';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import { productNamesOf } from '../../lib/transcripts/ideas/product-names';
import { splitSentences } from '../../lib/transcripts/text/sentences';
import { neighboursOf } from '../../lib/transcripts/ideas/sentence-neighbours';
import { seededRandom } from '../seeded-random';
import { requestOf, spanOf, type LabelledCall } from './labelled-call';

/**
 * Learns the idea model (`lib/transcripts/ideas/idea-model.ts`) from labelled calls: every sentence
 * of a call is an example, of the kind of the label whose words it shares (half of the shorter of
 * the two, as the score counts a match), else of no kind. Multinomial logistic regression by
 * stochastic gradient descent with L2, in a seeded order: the same calls give the same model.
 */

export interface Example {
  features: Map<string, number>;
  /** Index in MODEL_CLASSES. */
  label: number;
}

/**
 * How the model is learnt. `minOccurrences`: a word, a pair of words, a negated word or a
 * neighbour's word must occur in this many sentences to be a feature (rarer ones only fit one
 * call); `pruneBelow`: weights smaller than this in every class are left out of the written model.
 */
export interface TrainingOptions {
  epochs: number;
  step: number;
  l2: number;
  minOccurrences: number;
  pruneBelow: number;
  /**
   * Each word feature of an example is left out of it with this chance, drawn anew at each epoch
   * (dropout), so that no word carries a kind alone and the model learns from all the words a
   * kind comes with. The weights are not scaled up for it: reading every word of a sentence, the
   * model is surer than it was while learning, which `MIN_IDEA_SCORE` was chosen with.
   */
  dropout: number;
}

/**
 * Chosen by leave-one-call-out cross-validation (`npm run eval` prints its figures), but for
 * `minOccurrences`: at 3, the model learnt from 105 calls held 14,150 features and made the
 * transcripts worker's init 1.33× its baseline (the target is 1.3×, `cold-start.bench.ts`); at 6,
 * 7,300 features, 1.27×, for overall 0.71 / 0.72 by cross-validation instead of 0.73 / 0.72.
 * `step`: 0.05 rather than 0.3 once a moment's sentences were one idea, 0.754 / 0.735 rather than
 * 0.746 / 0.736 (0.1, 0.15 and 0.15 with `l2` 0.002 were tried too). `dropout`: 0.6 (0.1 to 0.7
 * tried, by 5-fold cross-validation, each with the threshold that suited it): without it,
 * 0.760 / 0.749; with it, 0.771 / 0.766, as a model that cannot lean on one word learns what
 * else a kind comes with (docs/transcript-evaluation.md).
 */
export const TRAINING: TrainingOptions = { epochs: 20, step: 0.05, l2: 0.003, minOccurrences: 6, pruneBelow: 0.05, dropout: 0.6 };
const SEED = 20_261_125;

/** The sentences of a call as the analyser reads them, each with the kind its labels give it. */
export function examplesOf(call: LabelledCall): Example[] {
  const request = transcriptRequestSchema.parse(requestOf(call));
  const segments = normaliseTranscript(request, [call.sellerDomain]);
  const spans = call.ideas.map((label) => ({ label, span: spanOf(call, label) }));
  const sentences = splitSentences(segments);
  const products = productNamesOf(segments, sentences);
  const neighbours = neighboursOf(sentences);
  return sentences.map((sentence, index) => {
    const segment = segments[sentence.segment]!;
    // Segments are the script's lines, one each; a sentence's offsets are in the line's text.
    const line = call.script[sentence.segment]![1];
    const offset = line.indexOf(segment.text.slice(sentence.from, sentence.to));
    const from = offset >= 0 ? offset : -1;
    const to = from + (sentence.to - sentence.from);
    let best: { kind: (typeof MODEL_CLASSES)[number]; shared: number } = { kind: 'none', shared: 0 };
    for (const { label, span } of spans) {
      if (span.line !== sentence.segment || from < 0) continue;
      const shared = Math.min(span.to, to) - Math.max(span.from, from);
      if (shared > 0 && shared >= 0.5 * Math.min(span.to - span.from, to - from) && shared > best.shared)
        best = { kind: label.kind, shared };
    }
    return {
      features: sentenceFeatures(
        sentence.text,
        sentence.question,
        segment.side,
        cueScores(sentence.text, sentence.question, segment.side, products),
        products,
        neighbours[index],
      ),
      label: MODEL_CLASSES.indexOf(best.kind),
    };
  });
}

/** A model learnt from examples. */
export function trainIdeaModel(examples: readonly Example[], options: TrainingOptions = TRAINING): IdeaModel {
  const { epochs, step: firstStep, l2, minOccurrences, pruneBelow, dropout } = options;
  const classes = MODEL_CLASSES.length;
  const counts = new Map<string, number>();
  for (const { features } of examples) for (const feature of features.keys()) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const kept = (feature: string) => !WORD_FEATURE.test(feature) || (counts.get(feature) ?? 0) >= minOccurrences;
  const weights = new Map<string, number[]>();
  const bias = new Array<number>(classes).fill(0);
  const random = seededRandom(SEED);
  const order = examples.map((_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    const step = firstStep / (1 + epoch * 0.2);
    for (const position of order) {
      const { features: all, label } = examples[position]!;
      const features = dropout > 0 ? new Map([...all].filter(([feature]) => !WORD_FEATURE.test(feature) || random() >= dropout)) : all;
      const sums = [...bias];
      for (const [feature, value] of features) {
        const row = weights.get(feature);
        if (row) for (let c = 0; c < classes; c++) sums[c]! += row[c]! * value;
      }
      const top = Math.max(...sums);
      const exps = sums.map((sum) => Math.exp(sum - top));
      const total = exps.reduce((a, b) => a + b, 0);
      const gradient = exps.map((value, c) => value / total - (c === label ? 1 : 0));
      for (let c = 0; c < classes; c++) bias[c]! -= step * gradient[c]!;
      for (const [feature, value] of features) {
        if (!kept(feature)) continue;
        let row = weights.get(feature);
        if (!row) weights.set(feature, (row = new Array<number>(classes).fill(0)));
        for (let c = 0; c < classes; c++) row[c]! -= step * (gradient[c]! * value + l2 * row[c]!);
      }
    }
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const written: Record<string, number[]> = {};
  for (const feature of [...weights.keys()].sort()) {
    const row = weights.get(feature)!;
    if (row.some((value) => Math.abs(value) >= pruneBelow)) written[feature] = row.map(round);
  }
  return { classes: MODEL_CLASSES, bias: bias.map(round), weights: written };
}

/**
 * A model as written to idea-model.json: one feature a line, so that a retrained model's diff
 * reads, each feature's weights one string of whole thousandths (`WEIGHT_SCALE`, `"57 -571 659 …"`).
 * The transcripts worker's cold start scans the bundled file token by token: as arrays of
 * decimals, 8,700 features made its init 1.32× its baseline; as one string each, a tenth of the
 * tokens.
 */
export function modelJson(model: IdeaModel): string {
  const rows = Object.entries(model.weights).map(
    ([feature, row]) => `    ${JSON.stringify(feature)}: "${row.map((weight) => Math.round(weight * WEIGHT_SCALE)).join(' ')}"`,
  );
  return `{\n  "classes": ${JSON.stringify(model.classes)},\n  "bias": ${JSON.stringify(model.bias)},\n  "weights": {\n${rows.join(',\n')}\n  }\n}\n`;
}
