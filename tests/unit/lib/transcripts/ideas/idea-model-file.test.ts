import type { ideaModel as IdeaModelLoader } from '../../../../../lib/transcripts/ideas/idea-model';

const MODEL_PATH = '../../../../../lib/transcripts/ideas/idea-model';
const CLASSES = ['none', 'customer_question', 'objection', 'pain_point', 'competitor', 'next_step', 'story_or_quote', 'insight'];

/** The model as loaded from a given idea-model.json, in a module registry of its own. */
function loadWith(json: { classes: string[]; bias: number[]; weights: Record<string, string> }): ReturnType<typeof IdeaModelLoader> {
  let loaded: ReturnType<typeof IdeaModelLoader> | undefined;
  jest.isolateModules(() => {
    jest.doMock(`${MODEL_PATH}.json`, () => json);
    loaded = jest.requireActual<{ ideaModel: typeof IdeaModelLoader }>(MODEL_PATH).ideaModel();
  });
  return loaded!;
}

describe('idea-model.json, read at first use', () => {
  const bias = CLASSES.map(() => 0);

  it('turns each feature’s string of thousandths into its weights per class', () => {
    const model = loadWith({ classes: CLASSES, bias, weights: { 'w:budget': '0 -250 1500 0 0 0 0 3' } });

    expect(model.weights['w:budget']).toEqual([0, -0.25, 1.5, 0, 0, 0, 0, 0.003]);
  });

  it('refuses a file of other classes, and says to train again', () => {
    expect(() => loadWith({ classes: CLASSES.slice(1), bias: bias.slice(1), weights: {} })).toThrow(/npm run train:ideas/);
  });

  it('refuses a feature whose row is not a number for every class, naming the feature', () => {
    expect(() => loadWith({ classes: CLASSES, bias, weights: { 'w:budget': '0 1 2' } })).toThrow(/w:budget.*npm run train:ideas/);
    expect(() => loadWith({ classes: CLASSES, bias, weights: { 'w:cost': '0 1 2 3 4 5 6 x' } })).toThrow(/w:cost/);
  });
});
