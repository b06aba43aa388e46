import { angleWords, writeAngle, writeHook } from '../../../../../lib/transcripts/ideas/idea-hooks';

describe('idea hooks', () => {
  it('opens a post with the quote and who said it on a call', () => {
    expect(writeHook('customer_question', 'Does it integrate with Salesforce?', 'external')).toBe(
      '"Does it integrate with Salesforce?" — a buyer asked us this on a call. Here is our answer.',
    );
    expect(writeHook('objection', 'That is too expensive for us.', 'unknown')).toBe(
      '"That is too expensive for us." — we heard this on a sales call. Here is how we think about it.',
    );
  });

  it('keeps a hook within 300 characters, whatever the quote', () => {
    const hook = writeHook('pain_point', 'word '.repeat(120).trim(), 'external');

    expect(hook.length).toBeLessThanOrEqual(300);
    expect(hook).toContain('…"');
  });

  it('builds an angle as a sentence around the words of the call', () => {
    expect(writeAngle('objection', 'We already use Gong for call recording.')).toBe(
      'Meet the objection "We already use Gong for call recording" head on: say why buyers raise it and what would settle it.',
    );
    expect(writeAngle('next_step', 'Send over the pilot proposal and I will review it with the CFO next Thursday.')).toBe(
      'Show what a next step that moves a deal looks like, as this call ended: "Send over the pilot proposal and I will review it with the CFO next Thursday".',
    );
  });

  it.each([
    [
      'Honestly our reps track everything in spreadsheets, and every Friday the managers spend the afternoon copying numbers from those sheets into Salesforce.',
      // Cut at the last clause break that fits.
      'Honestly our reps track everything in spreadsheets…',
    ],
    ['Are you SOC 2 Type II certified, and where is our data stored?', 'Are you SOC 2 Type II certified, and where is our data stored?'],
    // Short sentences go on together; inner double quotes become single ones.
    ['It is "too expensive". Next year maybe.', "It is 'too expensive'. Next year maybe"],
    // Cut at a word, with no stop word left dangling before the ellipsis.
    [`We ${'really '.repeat(30)}struggle with the data.`, 'We really really…'],
  ])('quotes of %j the words %j', (quote, words) => {
    expect(angleWords(quote)).toBe(words);
  });
});
