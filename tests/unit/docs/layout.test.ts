import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/operations.md's map of the code ("Layout") against the tree: every folder of lib/,
 * functions/ and tests/ is on it, and every folder it names exists, so the map stays true as the
 * code moves.
 */
const ROOT = join(__dirname, '../../..');
const page = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');

/** The layout's code block. */
function layout(): string {
  const section = page.slice(page.indexOf('\n## Layout\n'));
  const block = /```\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('docs/operations.md has no code block under "## Layout"');
  return block[1]!;
}

const folders = (parent: string) =>
  readdirSync(join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'generated')
    .map((entry) => `${parent}/${entry.name}/`);

it('names every folder of lib/, functions/ and tests/, and deploy/', () => {
  const map = layout();
  const missing = [
    ...folders('lib'),
    ...folders('functions'),
    ...folders('tests').filter((folder) => !/(fixtures|helpers)\/$/.test(folder)),
    'deploy/',
  ].filter((folder) => !map.includes(folder));

  expect(missing).toEqual([]);
});

it('names no folder that does not exist', () => {
  const named = [...layout().matchAll(/(?:^|\s)((?:lib|functions|tests)\/[a-z-]+\/)/g)].map((match) => match[1]!);
  const existing = new Set([...folders('lib'), ...folders('functions'), ...folders('tests')]);

  expect(named.filter((folder) => !existing.has(folder))).toEqual([]);
});
