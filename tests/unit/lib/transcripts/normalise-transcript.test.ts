import { normaliseTranscript } from '../../../../lib/transcripts/normalise-transcript';
import { wordObjectsOf } from './make-segments';

const participants = ['jane.doe@acme.example', 'bob@customer.example'];
const domains = ['acme.example'];

describe('normaliseTranscript', () => {
  describe('array of strings', () => {
    it('makes one segment of an unknown speaker per non-blank string', () => {
      const segments = normaliseTranscript({ transcript: ['Hello there.', '   ', 'How are you?'], format: 'array', participants }, domains);

      expect(segments).toEqual([
        { side: 'unknown', text: 'Hello there.' },
        { side: 'unknown', text: 'How are you?' },
      ]);
    });

    it('reads a string that starts with a speaker as that speaker’s turn, with its time', () => {
      const segments = normaliseTranscript(
        { transcript: ['[00:00:05] Jane Doe: Hello.', 'Bob: Hi Jane.', 'Just a line.'], format: 'array', participants },
        domains,
      );

      expect(segments).toEqual([
        { speaker: 'Jane Doe', email: 'jane.doe@acme.example', side: 'internal', text: 'Hello.', start: 5 },
        { speaker: 'Bob', email: 'bob@customer.example', side: 'external', text: 'Hi Jane.' },
        { side: 'unknown', text: 'Just a line.' },
      ]);
    });

    it('splits a single string holding a whole transcript into its turns', () => {
      const segments = normaliseTranscript(
        { transcript: ['Jane Doe: Hello.\nBob: Hi.\nHow are you?'], format: 'array', participants },
        domains,
      );

      expect(segments.map((segment) => [segment.speaker, segment.text])).toEqual([
        ['Jane Doe', 'Hello.'],
        ['Bob', 'Hi. How are you?'],
      ]);
    });
  });

  describe('segment objects', () => {
    it('joins the words as given, keeps their times, speaker and lower-cased email', () => {
      const words = wordObjectsOf('Does it sync with Salesforce? ', 12, 0.4);

      const [segment] = normaliseTranscript(
        {
          transcript: [{ words, speaker: { name: 'Bob Stone', type: 'external', email: 'Bob@Customer.example' } }],
          format: 'array',
          participants,
        },
        domains,
      );

      expect(segment).toEqual({
        speaker: 'Bob Stone',
        email: 'bob@customer.example',
        side: 'external',
        text: 'Does it sync with Salesforce?',
        start: 12,
        end: 14,
        words: words.map((word) => ({ text: word.text, start: word.startTimestamp, end: word.endTimestamp })),
      });
    });

    it('sides a speaker whose type states none (host) by its email, as if it had no type', () => {
      const segments = normaliseTranscript(
        {
          transcript: [
            { words: wordObjectsOf('Welcome. ', 0), speaker: { name: 'Jane Doe', type: 'host' } },
            { words: wordObjectsOf('Thanks. ', 1), speaker: { name: 'Bob', type: 'guest', email: 'bob@customer.example' } },
          ],
          format: 'array',
          participants,
        },
        domains,
      );

      expect(segments.map((segment) => [segment.speaker, segment.email, segment.side])).toEqual([
        ['Jane Doe', 'jane.doe@acme.example', 'internal'],
        ['Bob', 'bob@customer.example', 'external'],
      ]);
    });

    it('puts a space between words that carry none, in the text and in the kept words', () => {
      const words = [
        { text: 'Hello', startTimestamp: 0, endTimestamp: 0.5 },
        { text: 'world.', startTimestamp: 0.5, endTimestamp: 1 },
      ];

      const [segment] = normaliseTranscript(
        { transcript: [{ words, speaker: { name: 'Jane Doe' } }], format: 'array', participants },
        domains,
      );

      expect(segment?.text).toBe('Hello world.');
      expect(segment?.words?.map((word) => word.text)).toEqual(['Hello ', 'world.']);
    });

    it('drops a segment whose words are blank', () => {
      const segments = normaliseTranscript(
        {
          transcript: [{ words: [{ text: ' ', startTimestamp: 0, endTimestamp: 1 }], speaker: { name: 'Jane Doe' } }, 'Hi.'],
          format: 'array',
          participants,
        },
        domains,
      );

      expect(segments).toEqual([{ side: 'unknown', text: 'Hi.' }]);
    });

    it('takes strings and segment objects mixed, in order', () => {
      const segments = normaliseTranscript(
        {
          transcript: ['Jane Doe: Welcome.', { words: wordObjectsOf('Thanks. ', 3), speaker: { name: 'Bob' } }, 'Recording stopped.'],
          format: 'array',
          participants,
        },
        domains,
      );

      expect(segments.map((segment) => [segment.speaker, segment.side, segment.text, segment.start])).toEqual([
        ['Jane Doe', 'internal', 'Welcome.', undefined],
        ['Bob', 'external', 'Thanks.', 3],
        [undefined, 'unknown', 'Recording stopped.', undefined],
      ]);
    });
  });

  describe('plaintext', () => {
    it('reads speaker turns, continuation lines and blank lines', () => {
      const transcript = 'Jane Doe: Welcome, Bob.\nGlad you could join.\n\nBob: Thanks.\nNote: I have a hard stop.';

      const segments = normaliseTranscript({ transcript, format: 'plaintext', participants }, domains);

      expect(segments).toEqual([
        { speaker: 'Jane Doe', email: 'jane.doe@acme.example', side: 'internal', text: 'Welcome, Bob. Glad you could join.' },
        { speaker: 'Bob', email: 'bob@customer.example', side: 'external', text: 'Thanks. Note: I have a hard stop.' },
      ]);
    });

    it('ends each timed turn at the next timed turn’s start; the last has no end', () => {
      const transcript = '[00:00:05] Jane Doe: Welcome.\nBob (00:00:09): Thanks.\n(00:00:15) Jane Doe: Shall we start?';

      const segments = normaliseTranscript({ transcript, format: 'plaintext', participants }, domains);

      expect(segments.map((segment) => [segment.speaker, segment.start, segment.end])).toEqual([
        ['Jane Doe', 5, 9],
        ['Bob', 9, 15],
        ['Jane Doe', 15, undefined],
      ]);
    });

    it('keeps one spelling per speaker, whatever case or spacing the lines use', () => {
      const segments = normaliseTranscript(
        { transcript: 'Jane Doe: Hi.\nBob: Hello.\nJANE  DOE: Bye.', format: 'plaintext', participants },
        domains,
      );

      expect(segments.map((segment) => segment.speaker)).toEqual(['Jane Doe', 'Bob', 'Jane Doe']);
    });
  });
});
