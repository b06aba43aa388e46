import { ideaOf as idea } from '../transcripts/make-idea';
import { callThemes } from '../../../../lib/insights/call-themes';
import { periodsOf } from '../../../../lib/insights/period';
import { themeOf } from '../../../../lib/insights/theme-of';
import { ValidationError } from '../../../../lib/errors';
import type { IdeaKind } from '../../../../lib/transcripts/model/analysis';

describe('themeOf', () => {
  it.each<[IdeaKind & ('objection' | 'customer_question' | 'pain_point'), string, string]>([
    ['objection', 'Honestly it sounds too expensive compared to what we pay today.', 'price'],
    ['objection', 'We could not get budget for this before next year.', 'price'],
    ['customer_question', 'Does it sync both ways with Salesforce?', 'integration'],
    ['customer_question', 'Are you SOC 2 certified?', 'security'],
    ['pain_point', 'Our reps copy call notes into spreadsheets by hand every week.', 'manual_work'],
    ['objection', 'The last rollout took a year and nobody adopted it.', 'rollout'],
    ['pain_point', 'My dog ate the homework.', 'other'],
  ])('files a %s as its topic: %s', (kind, quote, key) => {
    expect(themeOf(kind, idea(kind, quote)).key).toBe(key);
  });

  it('names a competitor by its product, whatever the sentence, or by building it in-house', () => {
    expect(themeOf('competitor', idea('competitor', "We're also trialling LucidCut for review."))).toEqual({
      key: 'product:lucidcut',
      label: 'LucidCut',
    });
    expect(themeOf('competitor', idea('competitor', 'Vantorix came last year.'))).toEqual({ key: 'product:vantorix', label: 'Vantorix' });
    expect(themeOf('competitor', idea('competitor', 'We looked at Chorus, and it was fine.')).key).toBe('product:chorus');
    expect(themeOf('competitor', idea('competitor', 'We pay Housecall Pro forty a month.'))).toEqual({
      key: 'product:housecall-pro',
      label: 'Housecall Pro',
    });
    expect(themeOf('competitor', idea('competitor', 'We tried Chorus But it was slow.')).key).toBe('product:chorus');
    expect(themeOf('competitor', idea('competitor', 'Honestly we could build it ourselves with two engineers.')).key).toBe('in_house');
    expect(themeOf('competitor', idea('competitor', 'I already wrote a script that pulls the feeds every night.')).key).toBe('in_house');
    expect(themeOf('competitor', idea('competitor', 'Let me make the in-house case. We already pay for Azure.')).key).toBe('in_house');
    expect(themeOf('competitor', idea('competitor', 'Our IT people say they could build it themselves.')).key).toBe('in_house');
    expect(themeOf('competitor', idea('competitor', 'the other tool was cheaper')).key).toBe('other');
  });
});

describe('callThemes', () => {
  it('counts each theme of a call once, with its best quote, and leaves out what buyers did not raise', () => {
    const themes = callThemes({
      ideas: [
        idea('objection', 'It is too expensive for us.', 0.6),
        idea('objection', 'The price per seat is more than we pay today.', 0.9),
        idea('next_step', 'I will send the proposal by Friday.', 0.99),
        idea('story_or_quote', 'Last year we rolled out a tool and it failed.', 0.95),
        idea('competitor', 'We have a quote from FrostLink at twenty-nine.', 0.7),
      ],
    });

    expect(themes).toEqual([
      { kind: 'objection', key: 'price', label: 'Price and budget', quote: 'The price per seat is more than we pay today.', score: 0.9 },
      {
        kind: 'competitor',
        key: 'product:frostlink',
        label: 'FrostLink',
        quote: 'We have a quote from FrostLink at twenty-nine.',
        score: 0.7,
      },
    ]);
  });
});

describe('periodsOf', () => {
  const now = new Date('2026-11-27T20:00:00Z');

  it('is the last 30 days by default, and the 30 before', () => {
    expect(periodsOf({}, now)).toEqual({
      period: { from: '2026-10-29', to: '2026-11-27' },
      previous: { from: '2026-09-29', to: '2026-10-28' },
    });
  });

  it('takes a period, and the one as long before it', () => {
    expect(periodsOf({ from: '2026-11-01', to: '2026-11-07' }, now)).toEqual({
      period: { from: '2026-11-01', to: '2026-11-07' },
      previous: { from: '2026-10-25', to: '2026-10-31' },
    });
  });

  it.each([
    [{ from: '2026-11-31' }, 'query.from'],
    [{ to: 'yesterday' }, 'query.to'],
    [{ from: '2026-11-10', to: '2026-11-01' }, 'query.from'],
    [{ from: '2026-01-01', to: '2026-12-31' }, 'query.to'],
  ])('refuses %j, naming %s', (query, path) => {
    try {
      periodsOf(query, now);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors.map((each) => each.path)).toContain(path);
    }
  });
});
