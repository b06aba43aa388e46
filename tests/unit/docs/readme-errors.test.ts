import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../../../lib/openapi/build-document';

/**
 * The README's errors table against the API reference: every problem type an operation documents has
 * its row, so a reader of the table meets no type the table does not explain.
 */
const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');

/** The `/problems/<slug>` types named in the rows of the table under `## Errors`. */
function tableTypes(): Set<string> {
  const section = readme.slice(readme.indexOf('\n## Errors\n'));
  const rows = section.slice(0, section.indexOf('\n## ', 1)).split('\n').filter((line) => /^\| \d{3} \|/.test(line));
  return new Set(rows.flatMap((row) => [...row.matchAll(/`\/problems\/([a-z0-9-]+)`/g)].map((match) => match[1]!)));
}

function documentedTypes(): Set<string> {
  const text = JSON.stringify(openApiDocument());
  return new Set([...text.matchAll(/\/problems\/([a-z0-9-]+)/g)].map((match) => match[1]!));
}

describe('README errors table', () => {
  it('has a row for every problem type of the API reference', () => {
    const table = tableTypes();

    const missing = [...documentedTypes()].filter((type) => !table.has(type)).sort();

    expect(table.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
