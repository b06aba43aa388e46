import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getWorkspace, updateWorkspaceSettings } from '../../../lib/store/workspaces';
import { DEMO_WORKSPACE, seedDemoWorkspace } from '../../../scripts/seed-demo';
import { testDb } from '../../helpers/factories';

/**
 * The demo workspace of `npm start` keeps its pace (any hour, a few seconds apart) on the workspace,
 * so an account connected to it later through a connect link acts at that pace too. A new user's
 * connected account got the production defaults (09:00-18:00 UTC, 20-120 s apart) though the README
 * says demo accounts act at any hour, a few seconds apart.
 */
const db = testDb();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seed-demo-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = () => process.env as Record<string, string>;

describe('the demo workspace', () => {
  it('has the demo pace as the workspace’s own, and gets it back when seeded before it was', async () => {
    await seedDemoWorkspace(env(), path.join(dir, 'key'));
    const seeded = (await getWorkspace(db, DEMO_WORKSPACE))!.settings;
    // As a workspace seeded before: no pace of its own.
    await updateWorkspaceSettings(db, DEMO_WORKSPACE, { workingHours: undefined, spacing: undefined });
    const older = (await getWorkspace(db, DEMO_WORKSPACE))!.settings;

    await seedDemoWorkspace(env(), path.join(dir, 'key'));
    const reseeded = (await getWorkspace(db, DEMO_WORKSPACE))!.settings;

    expect(seeded.workingHours).toEqual({ start: '00:00', end: '24:00', days: [1, 2, 3, 4, 5, 6, 7] });
    expect(seeded.spacing?.reactions).toEqual({ minSeconds: 2, jitterSeconds: 3 });
    expect(older.workingHours).toBeUndefined();
    expect(reseeded).toEqual(seeded);
  });
});
