import { analysisSchema } from '../../../../lib/transcripts/model/analysis';
import { analyseEmbedded, EMBEDDED_ANALYSER_VERSION } from '../../../../lib/transcripts/embedded-analyser';
import { timedSegment } from './make-segments';

describe('analyseEmbedded', () => {
  it('gives metrics and ideas under the embedded analyser’s name and version, valid for the analysis schema', () => {
    const segments = [
      timedSegment('Sal Seller', 'internal', 'Thanks for joining. How does your team track follow-ups today? ', 0),
      timedSegment(
        'Bo Buyer',
        'external',
        'Mostly in spreadsheets, and we lose about 6 hours a week on manual data entry. Does it integrate with Salesforce? ',
        6,
      ),
    ];

    const analysis = analyseEmbedded(segments);

    expect(analysis.analyser).toEqual({ name: 'embedded', version: EMBEDDED_ANALYSER_VERSION });
    expect(analysis).not.toHaveProperty('fallback');
    expect(analysis.metrics.words).toBe(30);
    expect(analysis.ideas.map((idea) => idea.kind).sort()).toEqual(['customer_question', 'pain_point']);
    expect(analysisSchema.parse(analysis)).toEqual(analysis);
  });

  it('analyses an empty call', () => {
    const analysis = analyseEmbedded([]);

    expect(analysis.ideas).toEqual([]);
    expect(analysis.metrics.longestMonologue).toBeNull();
    expect(analysisSchema.safeParse(analysis).success).toBe(true);
  });
});
