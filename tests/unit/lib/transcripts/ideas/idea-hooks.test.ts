import { topicOf, writeAngle, writeHook } from '../../../../../lib/transcripts/ideas/idea-hooks';

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

  it('names the topic from the quote’s salient words in an angle', () => {
    expect(writeAngle('objection', 'We already use Gong for call recording.')).toBe(
      'Take the objection about Gong head on: why buyers raise it and what would actually resolve it.',
    );
  });

  it.each([
    [
      'Honestly our reps track everything in spreadsheets and we waste hours copying data into Salesforce.',
      'reps, spreadsheets and Salesforce',
    ],
    ['Are you SOC 2 Type II certified, and where is our data stored?', 'SOC 2 Type II and data'],
    ['Is it per seat?', 'seat'],
    ['Yes, that is it.', 'this'],
  ])('finds the topic of %j', (quote, topic) => {
    expect(topicOf(quote)).toBe(topic);
  });
});
