import { readFileSync } from 'node:fs';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from '../../../scripts/build-client';

/**
 * The typed client's types (client/src/schema.ts) are generated from the committed OpenAPI
 * document; this keeps them equal to what the generator makes from it now, so that a route added
 * or changed cannot leave the client behind.
 */
describe('the typed client', () => {
  it('has the types `npm run build:client` writes now', async () => {
    const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    const expected = await clientSchemaSource();
    // A plain boolean first: a 190 KB diff helps nobody, the command does.
    expect({ file: 'client/src/schema.ts', current: committed === expected, fix: 'run npm run build:client' }).toEqual({
      file: 'client/src/schema.ts',
      current: true,
      fix: 'run npm run build:client',
    });
  });
});
