import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../../../lib/openapi/build-document';

/**
 * The errors table of `docs/errors.md` against the API reference: every problem type an operation
 * documents has its row, so a reader of the table meets no type the table does not explain.
 */
const page = readFileSync(join(__dirname, '../../../docs/errors.md'), 'utf8');

/** The `/problems/<slug>` types named in the rows of the table under `## Problem types`. */
function tableTypes(): Set<string> {
  const start = page.indexOf('\n## Problem types\n');
  if (start < 0) throw new Error('docs/errors.md has no "## Problem types" section');
  const section = page.slice(start + 1);
  const end = section.indexOf('\n## ');
  const rows = (end < 0 ? section : section.slice(0, end)).split('\n').filter((line) => /^\| \d{3} \|/.test(line));
  return new Set(rows.flatMap((row) => [...row.matchAll(/`\/problems\/([a-z0-9-]+)`/g)].map((match) => match[1]!)));
}

function documentedTypes(): Set<string> {
  const text = JSON.stringify(openApiDocument());
  return new Set([...text.matchAll(/\/problems\/([a-z0-9-]+)/g)].map((match) => match[1]!));
}

describe('docs/errors.md errors table', () => {
  it('has a row for every problem type of the API reference', () => {
    const table = tableTypes();

    const missing = [...documentedTypes()].filter((type) => !table.has(type)).sort();

    expect(table.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
