import { looksLikeSpeakerName, parseTime, parseTurns } from '../../../../lib/transcripts/plaintext-turns';

describe('plaintext turns', () => {
  it('reads `Name: text` lines as turns, and a line without a speaker as the continuation of the turn before', () => {
    const text = 'Jane Doe: Hello there.\nWe are glad you came.\n\nJohn Smith: Thanks, happy to be here.';

    const turns = parseTurns(text);

    expect(turns).toEqual([
      { speaker: 'Jane Doe', text: 'Hello there. We are glad you came.' },
      { speaker: 'John Smith', text: 'Thanks, happy to be here.' },
    ]);
  });

  it.each([
    ['[00:01:02] Jane Doe: Hello', 62],
    ['[01:02] Jane Doe: Hello', 62],
    ['00:01:02 Jane Doe: Hello', 62],
    ['Jane Doe (00:01:02): Hello', 62],
    ['Jane Doe [1:01:02]: Hello', 3662],
    ['(00:01:02) Jane Doe: Hello', 62],
    ['[00:01:02.500] Jane Doe: Hello', 62.5],
  ])('reads the timestamped form %j', (line, start) => {
    const turns = parseTurns(line);

    expect(turns).toEqual([{ speaker: 'Jane Doe', text: 'Hello', start }]);
  });

  it('starts a turn of the same speaker at a bracketed time without a name, and takes a time alone on its line for the next turn', () => {
    const text = 'Jane: First part.\n[00:00:30] Second part.\n00:01:00\nJohn: Reply.';

    const turns = parseTurns(text);

    expect(turns).toEqual([
      { speaker: 'Jane', text: 'First part.' },
      { speaker: 'Jane', text: 'Second part.', start: 30 },
      { speaker: 'John', text: 'Reply.', start: 60 },
    ]);
  });

  it('takes `Name:` alone as a header whose text follows on the next lines', () => {
    const turns = parseTurns('Jane Doe:\nHello there.\nHow are you?');

    expect(turns).toEqual([{ speaker: 'Jane Doe', text: 'Hello there. How are you?' }]);
  });

  it('keeps lines before any speaker as a turn of an unknown speaker', () => {
    const turns = parseTurns('Recording started.\nJane: Hi.');

    expect(turns).toEqual([{ text: 'Recording started.' }, { speaker: 'Jane', text: 'Hi.' }]);
  });

  it('does not take a bare time that starts a sentence for a timestamp', () => {
    const turns = parseTurns('Jane: When shall we meet?\n10:30 works for me.');

    expect(turns).toEqual([{ speaker: 'Jane', text: 'When shall we meet? 10:30 works for me.' }]);
  });

  it('keeps `Note: …`, `Action items: …` and other headings inside the turn', () => {
    const text = 'Jane Doe: We agreed on a pilot.\nNote: the price is negotiable.\nAction items: send the contract.\nStep 2: sign it.';

    const turns = parseTurns(text);

    expect(turns).toEqual([
      {
        speaker: 'Jane Doe',
        text: 'We agreed on a pilot. Note: the price is negotiable. Action items: send the contract. Step 2: sign it.',
      },
    ]);
  });

  describe('speaker names', () => {
    it.each([
      'Jane',
      'Jane Doe',
      'Mary-Jane O’Brien',
      'Dr. Jane Doe',
      'J. R. Smith',
      'Ludwig van Beethoven',
      'Speaker 2',
      'JANE DOE',
      'Zoë Ångström',
    ])('accepts %j', (name) => {
      expect(looksLikeSpeakerName(name)).toBe(true);
    });

    it.each([
      'Note',
      'PS',
      'Re',
      'Subject',
      'Agenda',
      'Action items',
      'the price is',
      'So basically',
      'One two three four five six',
      'What I mean is, honestly',
      'Why?',
      'x'.repeat(61),
      '2nd attempt',
      'Q',
    ])('refuses %j', (name) => {
      expect(looksLikeSpeakerName(name)).toBe(false);
    });
  });

  it.each([
    ['01:02', 62],
    ['1:01:02', 3662],
    ['00:00:05,250', 5.25],
  ])('reads the time %j as %d seconds', (time, seconds) => {
    expect(parseTime(time)).toBe(seconds);
  });
});
