import { loadLabelledCalls, requestOf } from '../../../../bench/insight/labelled-call';
import { transcriptRequestSchema } from '../../../../lib/schemas/transcript';
import { analyseContent } from '../../../../lib/transcripts/analyse-content';
import { callIdentities } from '../../../../lib/transcripts/drafts/call-identities';
import { draftProblems } from '../../../../lib/transcripts/drafts/check-draft';
import { MAX_BEST_IDEAS } from '../../../../lib/transcripts/ideas/best-ideas';
import { IDEAL_POST_CHARS, type Analysis } from '../../../../lib/transcripts/model/analysis';
import { normaliseTranscript } from '../../../../lib/transcripts/normalise-transcript';

/**
 * Every labelled call's best ideas and their post drafts, as the service makes them: a handful,
 * never a next step, each draft keeping the rules (`draftProblems`) and naming none of the call's
 * people (first or last name, as written), emails or domains.
 */
const calls = loadLabelledCalls();
const analysed: Array<{ call: (typeof calls)[number]; analysis: Analysis }> = [];

beforeAll(async () => {
  for (const call of calls) {
    const request = transcriptRequestSchema.parse(requestOf(call));
    analysed.push({ call, analysis: await analyseContent(request, [call.sellerDomain], { name: 'embedded' }) });
  }
});

describe('post drafts of the labelled calls', () => {
  it('offer each call a handful of its ideas, diverse, never a next step', () => {
    for (const { call, analysis } of analysed) {
      const best = (analysis.best ?? []).map((index) => analysis.ideas[index]!);
      expect({ call: call.id, count: best.length <= MAX_BEST_IDEAS && best.length >= Math.min(3, analysis.ideas.length) }).toEqual({
        call: call.id,
        count: true,
      });
      expect(best.filter((idea) => idea.kind === 'next_step')).toEqual([]);
      if (best.length >= 4) expect(new Set(best.map((idea) => idea.kind)).size).toBeGreaterThanOrEqual(2);
    }
  });

  it('draft every best idea within the rules, in the network’s ideal length, naming no one of the call', () => {
    for (const { call, analysis } of analysed) {
      const request = transcriptRequestSchema.parse(requestOf(call));
      const identities = callIdentities(request.participants, normaliseTranscript(request, [call.sellerDomain]), [call.sellerDomain]);
      const names = Object.values(call.people).flatMap((person) => person.name.split(/\s+/).filter((part) => part.length >= 3));
      for (const index of analysis.best ?? []) {
        const idea = analysis.ideas[index]!;
        const draft = idea.draft!;
        expect({ call: call.id, problems: draftProblems(draft, idea, identities) }).toEqual({ call: call.id, problems: [] });
        expect(draft.text.length).toBeLessThanOrEqual(IDEAL_POST_CHARS);
        for (const name of names)
          expect({ call: call.id, named: new RegExp(`\\b${name}\\b`).test(draft.text) ? name : undefined }).toEqual({ call: call.id });
        for (const person of Object.values(call.people)) {
          expect(draft.text.toLowerCase()).not.toContain(person.email.toLowerCase());
          expect(draft.text.toLowerCase()).not.toContain(person.email.split('@')[1]!.toLowerCase());
        }
      }
    }
  });

  it('leave the ideas that are not the best without a draft', () => {
    for (const { analysis } of analysed) {
      const best = new Set(analysis.best);
      expect(analysis.ideas.filter((idea, index) => !best.has(index) && idea.draft !== undefined)).toEqual([]);
    }
  });
});
