import { findContentIdeas } from '../../lib/transcripts/ideas/content-ideas';
import type { IdeaModel } from '../../lib/transcripts/ideas/idea-model';
import { normaliseTranscript } from '../../lib/transcripts/normalise-transcript';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import { requestOf, type LabelledCall } from './labelled-call';
import { scoreCall, type CallScore } from './score-ideas';
import { examplesOf, trainIdeaModel } from './train-idea-model';

/**
 * Leave-one-call-out cross-validation of the embedded analyser: each call's ideas are found by an
 * idea model learnt from all the other calls. The model of the service has seen every tuning call,
 * so its own figure on them says little; this one says what to expect on a call it has not seen
 * (the hand-written cues it reads were still written with all of them in view).
 */
export function crossValidate(calls: readonly LabelledCall[], onProgress?: (done: number, total: number) => void): CallScore[] {
  const examples = new Map(calls.map((call) => [call, examplesOf(call)]));
  return calls.map((call, index) => {
    const model = trainIdeaModel(calls.filter((other) => other !== call).flatMap((other) => examples.get(other)!));
    const score = scoreWithModel(call, model);
    onProgress?.(index + 1, calls.length);
    return score;
  });
}

/** A call's ideas, as the service finds them from its request but with the given idea model, against its labels. */
export function scoreWithModel(call: LabelledCall, model: IdeaModel): CallScore {
  const segments = normaliseTranscript(transcriptRequestSchema.parse(requestOf(call)), [call.sellerDomain]);
  return scoreCall(call, findContentIdeas(segments, undefined, model));
}

/**
 * Progress of a long step on stderr (the report stays on stdout), about every tenth of it: `npm run
 * eval` trains a model per call and said nothing for minutes on a loaded machine.
 */
export function progressOnStderr(step: string): (done: number, total: number) => void {
  const started = Date.now();
  return (done, total) => {
    if (done !== total && done % Math.max(1, Math.ceil(total / 10)) !== 0) return;
    process.stderr.write(`${step}: ${done}/${total} (${Math.round((Date.now() - started) / 1000)} s)\n`);
  };
}
