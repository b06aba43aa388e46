/**
 * Checks labelled calls: schema, speakers, sides and that every quote is verbatim and unique.
 *
 *   npx tsx bench/insight/check-labelled.ts [file.json …]
 */
import { loadLabelledCalls } from './labelled-call';

const files = process.argv.slice(2);
const calls = loadLabelledCalls(undefined, files.length > 0 ? files : undefined);
for (const call of calls) {
  const kinds = new Map<string, number>();
  for (const label of call.ideas) kinds.set(label.kind, (kinds.get(label.kind) ?? 0) + 1);
  console.log(
    `ok ${call.id}: ${call.script.length} lines, ${call.ideas.length} ideas (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`,
  );
}
