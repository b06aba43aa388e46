/**
 * The resident memory of a process and everything it started (children in sessions of their own
 * included: serverless offline, its esbuild, DynamoDB Local's JVM), sampled with `ps`, which Linux
 * and macOS both have.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The summed RSS, in bytes, of `root` and its descendants now. */
export async function treeRssBytes(root: number): Promise<number> {
  const { stdout } = await run('ps', ['-A', '-o', 'pid=,ppid=,rss=']);
  const children = new Map<number, Array<{ pid: number; rssKiB: number }>>();
  const own = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const [pid, ppid, rss] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || rss === undefined || Number.isNaN(rss)) continue;
    own.set(pid, rss);
    children.set(ppid, [...(children.get(ppid) ?? []), { pid, rssKiB: rss }]);
  }
  let total = own.get(root) ?? 0;
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      total += child.rssKiB;
      queue.push(child.pid);
    }
  }
  return total * 1024;
}

/** Samples the tree of `root` every `everyMs` until `stop()`, which gives the highest total seen. */
export function watchPeakRss(root: number, everyMs = 200): { stop: () => Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRssBytes(root).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}
