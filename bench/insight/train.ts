/**
 * Writes lib/transcripts/ideas/idea-model.json, the idea model learnt from the labelled calls that
 * are not held out. Deterministic: a test checks that the committed file is what this writes.
 *
 *   npm run train:ideas
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadLabelledCalls } from './labelled-call';
import { examplesOf, modelJson, trainIdeaModel } from './train-idea-model';

const calls = loadLabelledCalls().filter((call) => !call.heldOut);
const model = trainIdeaModel(calls.flatMap(examplesOf));
const path = join(__dirname, '../../lib/transcripts/ideas/idea-model.json');
writeFileSync(path, modelJson(model));
console.log(`wrote ${path}: ${Object.keys(model.weights).length} features, from ${calls.length} calls`);
