import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { addAccount, addGroup, addWorkspace, changeGroupMembers, changeWorkspaceSettings, issueApiKey } from '../lib/admin/workspace-admin';
import { hashApiKey } from '../lib/auth/api-key';
import { getApiKeyByHash } from '../lib/store/api-keys';
import { getWorkspace } from '../lib/store/workspaces';
import { targetDb } from './target-db';

export const DEMO_WORKSPACE = 'demo';
export const DEMO_KEY_FILE = '.local/demo-api-key';

const demoAccounts = [
  {
    name: 'Alice Martin',
    profileUrl: 'https://www.linkedin.com/in/alice-martin-demo',
    providerAccountId: 'sandbox-alice',
    mode: 'autopilot',
    ownerEmail: 'alice.martin@demo.example',
  },
  {
    name: 'Bruno Costa',
    profileUrl: 'https://www.linkedin.com/in/bruno-costa-demo',
    providerAccountId: 'sandbox-bruno',
    mode: 'autopilot',
    ownerEmail: 'bruno.costa@demo.example',
  },
  {
    name: 'Chloe Nguyen',
    profileUrl: 'https://www.linkedin.com/in/chloe-nguyen-demo',
    providerAccountId: 'sandbox-chloe',
    mode: 'ask',
    ownerEmail: 'chloe.nguyen@demo.example',
  },
  {
    name: 'Dev Founder',
    profileUrl: 'https://www.linkedin.com/in/dev-founder-demo',
    providerAccountId: 'sandbox-dev',
    mode: 'autopilot',
    ownerEmail: 'dev.founder@demo.example',
  },
] as const;

const demoWorkingHours = { start: '00:00', end: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };

const demoGap = { minSeconds: 2, jitterSeconds: 3 };
const demoSpacing = { reactions: demoGap, comments: demoGap, messages: demoGap, invitations: demoGap, visits: demoGap, posts: demoGap };

/**
 * The demo's pace, the workspace's own so that every account follows it, those connected later
 * through a connect link too: any hour, a few seconds between one account's touches, so a demo
 * shows the pacing without waiting for office hours or minutes.
 */
const demoPace = { workingHours: demoWorkingHours, spacing: demoSpacing };

/**
 * Seeds, once, the demo workspace: sandbox accounts (one in `ask` mode, each with an owner email,
 * so that an approval mails its owner, through the local SES emulator), groups `sales` and
 * `founders` (Alice is in both), and an api key written to `.local/demo-api-key`. Later runs
 * reuse the key while it still works, and issue a new one otherwise.
 */
export async function seedDemoWorkspace(
  env: Record<string, string>,
  keyFile = DEMO_KEY_FILE,
): Promise<{ workspaceId: string; apiKey: string; created: boolean }> {
  const { db } = targetDb({ ...process.env, ...env, STAGE: 'local' });
  let created = false;
  if (!(await getWorkspace(db, DEMO_WORKSPACE))) {
    await addWorkspace(db, DEMO_WORKSPACE, 'Demo workspace', {
      pacingWindowSeconds: Number(env.PACING_WINDOW_SECONDS ?? 5),
      ...demoPace,
      // The sellers' domain of the example transcripts in docs/transcripts.md.
      emailDomains: ['acme-sales.example'],
    });
    const ids: string[] = [];
    for (const account of demoAccounts) {
      ids.push((await addAccount(db, DEMO_WORKSPACE, { ...account, timezone: 'Europe/Paris' })).accountId);
    }
    await addGroup(db, DEMO_WORKSPACE, 'sales');
    await addGroup(db, DEMO_WORKSPACE, 'founders');
    await changeGroupMembers(db, DEMO_WORKSPACE, 'sales', [ids[0]!, ids[1]!, ids[2]!], 'add');
    await changeGroupMembers(db, DEMO_WORKSPACE, 'founders', [ids[0]!, ids[3]!], 'add');
    created = true;
  } else {
    // A workspace seeded before its accounts' pace was the workspace's: an account connected there
    // since got the production defaults (09:00-18:00, 20-120 s apart).
    await changeWorkspaceSettings(db, DEMO_WORKSPACE, demoPace);
  }

  const saved = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
  const savedRecord = saved ? await getApiKeyByHash(db, hashApiKey(saved)) : undefined;
  if (savedRecord && !savedRecord.revokedAt && savedRecord.workspaceId === DEMO_WORKSPACE) {
    return { workspaceId: DEMO_WORKSPACE, apiKey: saved, created };
  }
  const { key } = await issueApiKey(db, DEMO_WORKSPACE, 'demo (npm start)');
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  return { workspaceId: DEMO_WORKSPACE, apiKey: key, created };
}
