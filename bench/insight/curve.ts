/**
 * Prints the learning curve of the embedded analyser (`learning-curve.ts`): its cross-validated
 * figures when its model learns from a growing share of the tuning calls. About a minute and a
 * half on 2 cores.
 *
 *   npm run eval:curve
 */
import { progressOnStderr } from './cross-validate';
import { loadLabelledCalls } from './labelled-call';
import { CURVE, curveLines, learningCurve } from './learning-curve';

const calls = loadLabelledCalls().filter((call) => !call.heldOut);
console.log(`learning curve: ${calls.length} tuning calls, ${CURVE.folds}-fold cross-validation`);
for (const line of curveLines(learningCurve(calls, CURVE, progressOnStderr('learning curve')))) console.log(line);
