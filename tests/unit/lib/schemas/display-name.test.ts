import { accountInputSchema, workspaceNameSchema } from '../../../../lib/schemas/account-settings';
import { connectFormSchema, connectLinkRequestSchema } from '../../../../lib/schemas/connect-link';
import { withoutReorderingOrControl } from '../../../../lib/schemas/display-name';
import { groupNameSchema } from '../../../../lib/schemas/group-names';

/**
 * Names shown to people (groups, accounts, workspaces) refuse what would make them read as another
 * name where they are shown: bidirectional overrides and isolates, control characters.
 */
const REORDERING = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

const nameOf = {
  group: (name: string) => groupNameSchema.safeParse(name),
  workspace: (name: string) => workspaceNameSchema.safeParse(name),
  'connect link': (name: string) => connectLinkRequestSchema.safeParse({ name }),
  'connect form': (name: string) => connectFormSchema.safeParse({ profileUrl: 'https://www.linkedin.com/in/jane', name }),
  account: (name: string) =>
    accountInputSchema.safeParse({ name, profileUrl: 'https://www.linkedin.com/in/jane', providerAccountId: 'p1' }),
};

describe.each(Object.entries(nameOf))('a %s name', (_kind, parse) => {
  it.each(REORDERING.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('refuses %s', (_code, character) => {
    const result = parse(`ad${character}nimda`);

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('bidirectional');
  });

  it('refuses a control character, and keeps right-to-left text and emoji', () => {
    expect(parse('Jane\u0007Doe').success).toBe(false);
    expect(parse('فريق المبيعات 🚀').success).toBe(true);
  });
});

describe('withoutReorderingOrControl', () => {
  it("takes them out of a name that can't be refused (the network profile's)", () => {
    expect(withoutReorderingOrControl('Jane \u202eeoD\u202c\u2066 Smith\u0000')).toBe('Jane eoD Smith ');
  });
});
