import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLabelledCalls } from '../../../../bench/insight/labelled-call';
import { examplesOf, modelJson, trainIdeaModel } from '../../../../bench/insight/train-idea-model';
import { classify, ideaModel, MODEL_CLASSES, sentenceFeatures } from '../../../../lib/transcripts/ideas/idea-model';
import { cueScores } from '../../../../lib/transcripts/ideas/idea-scores';

const committed = join(__dirname, '../../../../lib/transcripts/ideas/idea-model.json');

describe('the idea model', () => {
  it('is what npm run train:ideas learns from the labelled calls that are not held out (run it when they change)', () => {
    const calls = loadLabelledCalls().filter((call) => !call.heldOut);

    const model = trainIdeaModel(calls.flatMap(examplesOf));

    expect(modelJson(model)).toBe(readFileSync(committed, 'utf8'));
  });

  it('never learns from a held-out call', () => {
    const heldOut = loadLabelledCalls().filter((call) => call.heldOut);
    const withHeldOut = trainIdeaModel(loadLabelledCalls().flatMap(examplesOf));

    expect(heldOut.length).toBeGreaterThan(0);
    expect(modelJson(withHeldOut)).not.toBe(readFileSync(committed, 'utf8'));
  });

  it('gives each class a probability, and reads a buyer’s budget worry as an objection', () => {
    const text = "Honestly, that's more than our whole budget line for this year.";

    const probabilities = classify(ideaModel(), sentenceFeatures(text, false, 'external', cueScores(text, false, 'external')));

    expect(probabilities).toHaveLength(MODEL_CLASSES.length);
    expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 6);
    expect(MODEL_CLASSES[probabilities.indexOf(Math.max(...probabilities))]).toBe('objection');
  });
});
