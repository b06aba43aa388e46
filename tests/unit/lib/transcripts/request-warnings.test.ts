import type { TranscriptRequest } from '../../../../lib/schemas/transcript';
import { MAX_NAMED_SPEAKER_TYPES, requestWarnings } from '../../../../lib/transcripts/request-warnings';
import { wordObjectsOf } from './make-segments';

const said = (name: string, type?: string) => ({
  words: wordObjectsOf('Hello. ', 0),
  speaker: { name, ...(type === undefined ? {} : { type }) },
});

describe('requestWarnings', () => {
  it('names once, in one warning, each speaker type that states no side', () => {
    const transcript: TranscriptRequest['transcript'] = [
      said('Sam', 'host'),
      'Jane: Hi.',
      said('Sam', 'host'),
      said('Jane', 'guest'),
      said('Bo', 'External'),
      said('Al'),
    ];

    const warnings = requestWarnings({ transcript });

    expect(warnings).toEqual([
      'speaker.type "host", "guest" are neither internal nor external, so they state no side: ' +
        "those speakers' sides are told from their email and the participants, else they are unknown.",
    ]);
  });

  it('says "is" of one value, and quotes it as JSON', () => {
    expect(requestWarnings({ transcript: [said('Sam', 'the "host"')] })).toEqual([
      'speaker.type "the \\"host\\"" is neither internal nor external, so it states no side: ' +
        "those speakers' sides are told from their email and the participants, else they are unknown.",
    ]);
  });

  it(`names at most ${MAX_NAMED_SPEAKER_TYPES} values and counts the others`, () => {
    const transcript = Array.from({ length: MAX_NAMED_SPEAKER_TYPES + 3 }, (_, index) => said(`Speaker ${index}`, `role ${index}`));

    const [warning] = requestWarnings({ transcript });

    expect(warning).toContain(`"role ${MAX_NAMED_SPEAKER_TYPES - 1}" and 3 more are neither`);
    expect(warning).not.toContain(`"role ${MAX_NAMED_SPEAKER_TYPES}"`);
  });

  it('warns of nothing when every type is internal or external, or there is none (plaintext, strings)', () => {
    expect(requestWarnings({ transcript: [said('Sam', 'internal'), said('Jane', 'EXTERNAL'), said('Bo'), 'Al: Hi.'] })).toEqual([]);
    expect(requestWarnings({ transcript: 'Sam (host): Hello.' })).toEqual([]);
  });
});
