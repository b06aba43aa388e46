/**
 * `npm run openapi`: writes the OpenAPI document, the docs page and the list of routes, generated from the route definitions and zod schemas
 * (lib/openapi), into lib/openapi/generated/, which the `openapi` and `docs` functions serve. Run it
 * after changing a schema or an operation: a unit test fails while the committed files are stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_DIR, generatedFiles } from '../lib/openapi/generated-files';

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

mkdirSync(GENERATED_DIR, { recursive: true });
for (const [name, text] of Object.entries(generatedFiles())) {
  const file = path.join(GENERATED_DIR, name);
  const changed = readOrEmpty(file) !== text;
  if (changed) writeFileSync(file, text);
  console.log(
    `${changed ? 'wrote    ' : 'unchanged'} ${path.relative(process.cwd(), file)} (${Buffer.byteLength(text).toLocaleString('en-US')} bytes)`,
  );
}
