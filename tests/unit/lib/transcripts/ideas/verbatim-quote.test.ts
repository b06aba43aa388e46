import { quoteSpan, shortenQuote } from '../../../../../lib/transcripts/ideas/verbatim-quote';

const quoteOf = (text: string, maxChars?: number) => {
  const span = quoteSpan(text, 0, text.length, maxChars);
  return text.slice(span.from, span.to);
};

describe('verbatim quotes', () => {
  it('trims spaces and drops leading fillers when four words or more remain', () => {
    expect(quoteOf('  So, um, yeah, we lose deals every week.  ')).toBe('we lose deals every week.');
    expect(quoteOf('So, yeah, we lose.')).toBe('So, yeah, we lose.');
  });

  it('cuts a long quote at the last space that fits, without trailing punctuation', () => {
    const text = 'alpha beta, gamma delta epsilon';

    expect(quoteOf(text, 17)).toBe('alpha beta, gamma');
    expect(quoteOf(text, 16)).toBe('alpha beta');
    expect(quoteOf('abcdefghij', 4)).toBe('abcd');
  });

  it('shortens a quote for a post at a word boundary, with an ellipsis', () => {
    expect(shortenQuote('We lose deals every single week.', 20)).toBe('We lose deals every…');
    expect(shortenQuote('Short.', 20)).toBe('Short.');
  });
});
