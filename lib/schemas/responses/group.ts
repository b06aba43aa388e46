import * as z from 'zod';

/** A group as `GET /api/v1/groups/{name}` shows it. */
export const groupViewSchema = z.strictObject({
  name: z.string().describe('As first written; matched case-insensitively.'),
  accountIds: z.array(z.string()).describe('Its accounts, in the order they were added.'),
  createdAt: z.iso.datetime(),
  links: z.strictObject({
    self: z.string().describe('`/api/v1/groups/{name}`, the name percent-encoded.'),
    accounts: z.string().describe('Where accounts are added (`POST`) and removed (`DELETE …/{accountId}`).'),
  }),
});

/** `GET /api/v1/groups`. */
export const groupListSchema = z.strictObject({ items: z.array(groupViewSchema) });
