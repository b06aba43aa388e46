/**
 * `npm run reset`: wipes the local stack's data (`.local/`: the DynamoDB Local database and the
 * demo api key) and its remembered `serverless print` output. Refuses while the stack runs.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { answersHttp } from './local-stack/ports';
import { PROJECT_ROOT } from './local-stack/project';

const LOCAL_DIR = path.join(PROJECT_ROOT, '.local');
const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'local-stack');

/** Processes (Linux: /proc) whose command line names `dir`, e.g. DynamoDB Local's `-dbPath`. */
function processesUsing(dir: string): number[] {
  if (!existsSync('/proc')) return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (
        readFileSync(`/proc/${entry}/cmdline`, 'utf8')
          .split('\0')
          .some((arg) => arg === dir || arg.startsWith(`${dir}${path.sep}`))
      )
        pids.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return pids;
}

async function main(): Promise<number> {
  const dynamoPort = Number(process.env.DYNAMODB_PORT || 8000);
  const users = processesUsing(LOCAL_DIR);
  if (users.length || (await answersHttp(`http://127.0.0.1:${dynamoPort}/`, 1000))) {
    console.error(
      users.length
        ? `npm run reset: the local stack is running (process ${users.join(', ')} uses ${LOCAL_DIR}). Stop it first (Ctrl-C where \`npm start\` runs), then run \`npm run reset\` again.`
        : `npm run reset: the local stack seems to be running (something answers on port ${dynamoPort}, DynamoDB Local's port). Stop it first (Ctrl-C where \`npm start\` runs), then run \`npm run reset\` again. If what listens there is not the local stack, set DYNAMODB_PORT to the port the stack uses.`,
    );
    return 1;
  }
  const had = existsSync(LOCAL_DIR);
  rmSync(LOCAL_DIR, { recursive: true, force: true });
  rmSync(CACHE_DIR, { recursive: true, force: true });
  console.log(
    had
      ? `Wiped ${path.relative(process.cwd(), LOCAL_DIR) || LOCAL_DIR}/ (local DynamoDB data, demo api key). The next \`npm start\` begins from an empty database and seeds the demo workspace again.`
      : 'Nothing to wipe: there is no local data yet.',
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm run reset failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
