import { ideaKinds, type IdeaKind } from '../model/analysis';
import type { Side } from '../text/segment';
import { mentionOf, NO_PRODUCT_NAMES, type ProductNames } from './product-names';
import { NO_NEIGHBOURS, type SentenceNeighbours } from './sentence-neighbours';

/**
 * A linear model of which kind of idea a sentence is, learnt from the labelled calls
 * (`npm run train:ideas` writes `idea-model.json` from `tests/fixtures/transcripts/labelled/`).
 * Hand-written cues alone were fitted to the calls they were written for: on calls written later
 * they found a fifth of the objections. The model weighs the cues' scores together with the
 * sentence's own words, so words that buyers use across industries ("budget", "board", "afford",
 * "can't") count where no cue names them.
 */
export interface IdeaModel {
  /** What each position of a weight row stands for: `none` (no idea) and the kinds. */
  classes: ReadonlyArray<'none' | IdeaKind>;
  bias: readonly number[];
  /** One row of weights per feature, in the order of `classes`; features not listed weigh nothing. */
  weights: Readonly<Record<string, readonly number[]>>;
}

/** Number words, read as one token so that "forty" and "40" weigh the same. */
const NUMBER_WORDS = new Set(
  `zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen
  nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion dozen half`.split(/\s+/),
);

/** Words that turn round what follows them in their sentence ("not", "never", "can't"). */
const NEGATION = /^(?:not|no|never|nobody|nothing|none|nor|cannot)$|n't$/;

/** The words of a sentence, lower-cased, numbers as `#`. */
function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const word = match[0].replace(/’/g, "'").replace(/['-]+$/, '');
    tokens.push(/^\p{N}/u.test(word) || NUMBER_WORDS.has(word) ? '#' : word);
  }
  return tokens;
}

/** What a product's name reads as in the model's words: one token for every name, so that what is said around a name is learnt across calls. */
const PRODUCT_TOKEN = '@product';

/** The tokens of each call's product names, read once a call rather than once a sentence. */
const nameTokens = new WeakMap<ProductNames, string[][]>();

/** The tokens with each run that spells one of the call's product names made one `PRODUCT_TOKEN`. */
function maskProducts(tokens: readonly string[], products: ProductNames): string[] {
  if (products.names.size === 0) return [...tokens];
  let names = nameTokens.get(products);
  if (!names) nameTokens.set(products, (names = [...products.names].map((name) => tokensOf(name))));
  const masked: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const name = names.find((words) => words.length > 0 && words.every((word, at) => tokens[index + at] === word));
    if (name) {
      masked.push(PRODUCT_TOKEN);
      index += name.length - 1;
    } else masked.push(tokens[index]!);
  }
  return masked;
}

/** Each call's sentences as the model's words (per call's `ProductNames`): a sentence is read again as each neighbour's neighbour. */
const wordsRead = new WeakMap<ProductNames, Map<string, string[]>>();

/** A text's words with the call's product names masked, read once a call (never cached for the shared `NO_PRODUCT_NAMES`). */
function wordsOf(text: string, products: ProductNames): string[] {
  if (products === NO_PRODUCT_NAMES) return maskProducts(tokensOf(text), products);
  let read = wordsRead.get(products);
  if (!read) wordsRead.set(products, (read = new Map()));
  let words = read.get(text);
  if (!words) read.set(text, (words = maskProducts(tokensOf(text), products)));
  return words;
}

/**
 * The features that are words of a sentence (`w:` a word, `b:` a pair, `n:` a word after a
 * negation, `o:` its opening word and pair, `q:` a question's word, `s:` a neighbour's word), as
 * against what is measured of it (its cue scores, its length, its products): a word feature is
 * learnt only when it occurs often enough, and is left out at random while the model learns.
 */
export const WORD_FEATURE = /^[wbnoqs]:/;

/**
 * What the model reads of a sentence: its words and pairs of words, the words after a negation,
 * its opening word and pair, a question's words read apart, whether it is a question, whether
 * the seller said it, and how strongly the hand-written cues score it for each kind
 * (`cueScores`), and whether it names a product or vendor of the call
 * (`product-names.ts`) and how (weighed as an alternative, here or elsewhere in the call; had,
 * under contract or not; connected to), the name itself read as one token for all products, and
 * the words of the sentences either side of it in its turn (`sentence-neighbours.ts`), read apart
 * from its own. Only the seller's side is a feature: a sentence of unknown
 * side (a workspace without email domains, a transcript without speakers) is read as a buyer's
 * would be, and whose words a kind may be is decided apart (`idea-sides.ts`).
 */
export function sentenceFeatures(
  text: string,
  question: boolean,
  side: Side,
  cueScores: Readonly<Record<IdeaKind, number>>,
  products: ProductNames = NO_PRODUCT_NAMES,
  neighbours: SentenceNeighbours = NO_NEIGHBOURS,
): Map<string, number> {
  const features = new Map<string, number>();
  const tokens = wordsOf(text, products);
  for (let index = 0; index < tokens.length; index++) {
    features.set(`w:${tokens[index]}`, 1);
    if (index > 0) features.set(`b:${tokens[index - 1]} ${tokens[index]}`, 1);
  }
  // A word after a negation is also read apart ("can't staff", "not putting", "never use"), as
  // sentiment classifiers do: buyers push back by negating, and the words negated vary by industry.
  let negated = false;
  for (const token of tokens) {
    if (NEGATION.test(token)) negated = true;
    else if (negated) features.set(`n:${token}`, 1);
  }
  // How a sentence opens says much of what it does ("Because…", "I'm not…", "Can I…"), and a
  // question's words are read apart from the same words said plainly: "who pays for this?" pushes
  // back, "who pays" told is a fact (docs/transcript-evaluation.md).
  if (tokens.length > 0) features.set(`o:${tokens[0]}`, 1);
  if (tokens.length > 1) features.set(`o:${tokens[0]} ${tokens[1]}`, 1);
  if (question) for (const token of tokens) features.set(`q:${token}`, 1);
  if (question) features.set('question', 1);
  if (side === 'internal') features.set('seller', 1);
  features.set(tokens.length < 8 ? 'length:short' : tokens.length <= 40 ? 'length:fit' : 'length:long', 1);
  for (const [kind, score] of Object.entries(cueScores)) if (score > 0) features.set(`cue:${kind}`, score);
  const product = mentionOf(text, products);
  if (product.named) features.set('product:named', 1);
  if (product.asAlternative) features.set('product:alternative', 1);
  if (product.asCurrent) features.set('product:current', 1);
  if (product.asIncumbent) features.set('product:incumbent', 1);
  if (product.asIntegration) features.set('product:integration', 1);
  if (product.weighedInCall) features.set('product:weighed', 1);
  // Cross-validated on the first 81 tuning calls, the neighbours' words raised precision by 0.02 at
  // the same recall; the turn's opening question, the sentence's place in the call and in its turn
  // did not (docs/transcript-evaluation.md).
  for (const near of [neighbours.before, neighbours.after])
    if (near !== undefined) for (const token of wordsOf(near, products)) features.set(`s:${token}`, 1);
  return features;
}

/** The probability of each of the model's classes for a sentence's features (softmax of the weighted sums). */
export function classify(model: IdeaModel, features: ReadonlyMap<string, number>): number[] {
  const sums = [...model.bias];
  for (const [feature, value] of features) {
    const row = model.weights[feature];
    if (!row) continue;
    for (let index = 0; index < sums.length; index++) sums[index]! += (row[index] ?? 0) * value;
  }
  const top = Math.max(...sums);
  const exps = sums.map((sum) => Math.exp(sum - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / total);
}

/** The classes a model must have, in this order: `none`, then the kinds as the analysis lists them. */
export const MODEL_CLASSES: ReadonlyArray<'none' | IdeaKind> = ['none', ...ideaKinds];

let loaded: IdeaModel | undefined;

/**
 * The model `npm run train:ideas` wrote, read at its first use. Imported, its 600 KB of weights
 * were built into objects at every cold start of the transcripts worker, whose init was then 1.42x
 * its baseline; a `require` inside a function is bundled by esbuild as a module run at the first
 * call only. A model whose classes are not the kinds fails that first use (and its unit test).
 */
export function ideaModel(): IdeaModel {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: read lazily, as a bundle loads it
  return (loaded ??= checkedModel(require('./idea-model.json') as Parameters<typeof checkedModel>[0]));
}

/**
 * What idea-model.json's weights are counted in: thousandths, each feature's row written as one
 * string of whole numbers (`"57 -571 659 …"`, see `modelJson`), turned into numbers at first use.
 */
export const WEIGHT_SCALE = 1000;

function checkedModel(model: { classes: string[]; bias: number[]; weights: Record<string, string> }): IdeaModel {
  if (model.classes.join() !== MODEL_CLASSES.join() || model.bias.length !== MODEL_CLASSES.length)
    throw new Error(`idea-model.json has classes ${model.classes.join()}, not ${MODEL_CLASSES.join()}: run npm run train:ideas`);
  const weights: Record<string, number[]> = {};
  for (const [feature, row] of Object.entries(model.weights)) {
    const values = row.split(' ').map((weight) => Number(weight) / WEIGHT_SCALE);
    if (values.length !== MODEL_CLASSES.length || values.some(Number.isNaN))
      throw new Error(`idea-model.json's weights of ${feature} are not ${MODEL_CLASSES.length} numbers: run npm run train:ideas`);
    weights[feature] = values;
  }
  return { classes: MODEL_CLASSES, bias: model.bias, weights };
}
