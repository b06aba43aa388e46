import { callIdentities } from '../../../../../lib/transcripts/drafts/call-identities';
import { maskIdentities } from '../../../../../lib/transcripts/drafts/mask-identities';
import type { Segment } from '../../../../../lib/transcripts/text/segment';

const segments: Segment[] = [
  { speaker: 'Sam Rivera', email: 'sam.rivera@acme-sales.example', side: 'internal', text: 'What made you look at us?' },
  {
    speaker: 'Jane Okafor',
    email: 'jane@globex.example',
    side: 'external',
    text: 'Our ops lead, Derek, built the tracker. We also had a demo from LabSpire, and Derek liked it.',
  },
];
const identities = callIdentities(['sam.rivera@acme-sales.example', 'jane@globex.example', 'k.lund@globex.example'], segments, [
  'acme-sales.example',
]);

describe('callIdentities', () => {
  it("gathers the call's people, emails, domains, companies and the names its words use", () => {
    expect([...identities.people]).toEqual(expect.arrayContaining(['sam', 'rivera', 'jane', 'okafor', 'lund']));
    expect(identities.emails).toContain('k.lund@globex.example');
    expect(identities.domains).toEqual(expect.arrayContaining(['acme-sales.example', 'globex.example']));
    expect([...identities.companies]).toEqual(expect.arrayContaining(['globex', 'acme', 'acmesales']));
    expect([...identities.otherNames]).toEqual(expect.arrayContaining(['derek', 'labspire']));
  });
});

describe('maskIdentities', () => {
  it("masks the call's people, companies, emails and websites, and lists what it masked", () => {
    const masked = maskIdentities('Jane at Globex said Sam would mail k.lund@globex.example the globex.example/pricing page.', identities);

    expect(masked.text).toBe('[name] at [company] said [name] would mail [email] the [company] page.');
    expect(masked.masked).toEqual([
      { kind: 'email', text: 'k.lund@globex.example', as: '[email]' },
      { kind: 'company', text: 'globex.example/pricing', as: '[company]' },
      { kind: 'name', text: 'Jane', as: '[name]' },
      { kind: 'company', text: 'Globex', as: '[company]' },
      { kind: 'name', text: 'Sam', as: '[name]' },
    ]);
  });

  it('masks other names: one the call writes as a name even at the start of a sentence, one spelt like a product, one capitalised inside a sentence', () => {
    expect(maskIdentities("Derek's tracker broke. We trialled FrostLink with Maria from Northbeam Labs.", identities).text).toBe(
      "[name]'s tracker broke. We trialled [name] with [name] from [name].",
    );
  });

  it('leaves words that are no one’s name: a sentence’s first word, I, days and months, acronyms, lower-case words', () => {
    const text = 'Honestly, I think the CRM export our SDRs run on Monday in mid-December is the problem, and sam-like words stay.';

    expect(maskIdentities(text, identities)).toEqual({ text, masked: [] });
  });

  it('masks a name at a sentence’s start by what follows it, never an opener such as Nobody', () => {
    expect(maskIdentities('Vantorix came last year. Marta at Initech said so. Nobody came back. Finally it worked.', identities).text).toBe(
      '[name] came last year. [name] at [name] said so. Nobody came back. Finally it worked.',
    );
  });

  it('masks whole words only', () => {
    expect(maskIdentities('Samuelson and Janeway are not on this call.', identities).text).toBe(
      'Samuelson and [name] are not on this call.',
    );
  });
});
