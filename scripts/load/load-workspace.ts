import type { Db } from '../../lib/store/client';
import { alwaysWorking, createTestWorkspace, type TestWorkspace } from '../../tests/helpers/factories';

/** The highest limit an account or workspace may have (lib/schemas/account-settings.ts). */
const HIGHEST_LIMIT = 1000;

/**
 * A workspace for a measurement: `accounts` sandbox accounts in autopilot (no approval waits),
 * working around the clock, with the highest daily and weekly limits (nothing is deferred to
 * tomorrow), in groups `g0`, `g1`, … of `groupSize` consecutive accounts (wrapping around, so
 * accounts are shared between groups), and the given pacing window.
 */
export async function createLoadWorkspace(
  db: Db,
  options: { accounts: number; groups: number; groupSize: number; pacingWindowSeconds: number },
): Promise<TestWorkspace & { groups: string[] }> {
  const groups: Record<string, number[]> = {};
  for (let group = 0; group < options.groups; group++) {
    groups[`g${group}`] = Array.from({ length: options.groupSize }, (_, member) => (group * options.groupSize + member) % options.accounts);
  }
  const workspace = await createTestWorkspace(db, {
    accounts: Array.from({ length: options.accounts }, () => ({ mode: 'autopilot' as const, workingHours: alwaysWorking })),
    groups,
    pacingWindowSeconds: options.pacingWindowSeconds,
    settings: {
      limits: {
        daily: {
          reactions: HIGHEST_LIMIT,
          comments: HIGHEST_LIMIT,
          messages: HIGHEST_LIMIT,
          invitations: HIGHEST_LIMIT,
          visits: HIGHEST_LIMIT,
          posts: HIGHEST_LIMIT,
        },
        weeklyInvitations: HIGHEST_LIMIT,
      },
    },
  });
  return { ...workspace, groups: Object.keys(groups) };
}
