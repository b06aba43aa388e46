/** What the groups routes' definitions share: their words on a parameter or an answer. */
import { MAX_GROUP_ACCOUNTS } from '../../schemas/group';
import type { ResponseSpec } from '../../http/route';

export const tag = 'Groups';
export const name = {
  name: {
    description: "The group's name, percent-encoded (`Sales%20EMEA`): 1–100 characters once trimmed, matched case-insensitively.",
    example: 'sales',
  },
};
export const notFound = { description: 'The workspace has no group of this name.', problems: ['not-found'] } satisfies ResponseSpec;
export const unknownAccounts = {
  description: `An account id is not an account of this workspace (\`errors[].path\` = \`accounts.<index>\`, one per unknown id), or the group would hold more than ${MAX_GROUP_ACCOUNTS.toLocaleString('en-US')} accounts.`,
  problems: ['unknown-accounts', 'group-too-large'],
} satisfies ResponseSpec;
