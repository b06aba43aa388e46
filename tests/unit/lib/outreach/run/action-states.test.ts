import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { actionMoves } from '../../../../../lib/outreach/run/action-states';
import type { ActionStatus } from '../../../../../lib/store/actions';
import { finalActionStatuses } from '../../../../../lib/store/actions';

/** Every status of an action, by `ActionStatus`'s own list (a status added there and not here fails to compile). */
const statuses: Record<ActionStatus, true> = {
  pending: true,
  running: true,
  awaiting_approval: true,
  awaiting_connection: true,
  succeeded: true,
  failed: true,
  rejected: true,
  expired: true,
  cancelled: true,
};
const all = Object.keys(statuses) as ActionStatus[];
const ROOT = join(__dirname, '../../../../..');

describe("an action's moves", () => {
  it('never leave a final status', () => {
    expect(actionMoves.filter((move) => (finalActionStatuses as readonly string[]).includes(move.from))).toEqual([]);
  });

  it('reach every status from the planned action, and end every status that is not final', () => {
    const reached = new Set<string>(['planned']);
    for (let grew = true; grew;) {
      grew = false;
      for (const move of actionMoves) {
        if (reached.has(move.from) && !reached.has(move.to)) {
          reached.add(move.to);
          grew = true;
        }
      }
    }
    expect(all.filter((status) => !reached.has(status))).toEqual([]);
    // From every waiting or running status, some chain of moves ends it.
    const ends = new Set<string>(finalActionStatuses);
    for (let grew = true; grew;) {
      grew = false;
      for (const move of actionMoves) {
        if (ends.has(move.to) && !ends.has(move.from)) {
          ends.add(move.from);
          grew = true;
        }
      }
    }
    expect(all.filter((status) => !ends.has(status))).toEqual([]);
  });

  it('let a cancellation stop every status that is not final', () => {
    const cancellable = new Set(actionMoves.filter((move) => move.to === 'cancelled').map((move) => move.from));

    expect(all.filter((status) => !(finalActionStatuses as readonly string[]).includes(status) && !cancellable.has(status))).toEqual([]);
  });

  it('name, for each move, a module of the code that makes it', () => {
    const missing = actionMoves.filter((move) => !existsSync(join(ROOT, move.by))).map((move) => `${move.from} → ${move.to}: ${move.by}`);

    expect(missing).toEqual([]);
  });
});
