/**
 * Imports point one way: no file cycle and no folder cycle under lib/ and functions/, type imports
 * counted. madge finds the file cycles; a folder cycle (lib/a imports lib/b, which imports lib/a
 * through other files) is not a file cycle, so the file graph is folded into folders here and its
 * strongly connected components are reported with the imports that make them.
 *
 * `npm run lint` runs it; it exits 1 and names every cycle when one exists.
 */
import madge from 'madge';
import { dirname } from 'node:path';

type Graph = Record<string, string[]>;

/** Tarjan's algorithm: the groups of nodes that reach each other, only those of two or more. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return found;
}

async function main(): Promise<void> {
  const result = await madge(['lib', 'functions'], {
    fileExtensions: ['ts'],
    tsConfig: 'tsconfig.json',
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const graph: Graph = result.obj();
  const problems: string[] = result.circular().map((cycle: string[]) => `file cycle: ${cycle.join(' > ')}`);
  // An import madge could not resolve is missing from the graph, and a cycle through it would go unseen.
  problems.push(...result.warnings().skipped.map((skipped) => `import not resolved (so not checked): ${skipped}`));

  const folders = new Map<string, Set<string>>();
  const why = new Map<string, string>();
  for (const [file, imports] of Object.entries(graph)) {
    const from = dirname(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const imported of imports) {
      const to = dirname(imported);
      if (to === from) continue;
      folders.get(from)!.add(to);
      if (!why.has(`${from} ${to}`)) why.set(`${from} ${to}`, `${file} imports ${imported}`);
    }
  }
  for (const group of cycles(folders)) {
    const inside = new Set(group);
    const edges = group.flatMap((from) =>
      [...(folders.get(from) ?? [])].filter((to) => inside.has(to)).map((to) => `    ${why.get(`${from} ${to}`)}`),
    );
    problems.push(`folder cycle: ${group.join(', ')}\n${edges.join('\n')}`);
  }

  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`no import cycle among ${Object.keys(graph).length} files in ${folders.size} folders`);
}

void main();
