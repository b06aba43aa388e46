import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { actionMoves, type ActionMove } from '../../../../../lib/outreach/run/action-states';
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

/** The statuses `start` leads to, one move at a time: each move read as `[from, to]` by `direction`. */
function closure(start: readonly string[], direction: (move: ActionMove) => [string, string]): Set<string> {
  const found = new Set<string>(start);
  for (let grew = true; grew;) {
    grew = false;
    for (const move of actionMoves) {
      const [from, to] = direction(move);
      if (found.has(from) && !found.has(to)) {
        found.add(to);
        grew = true;
      }
    }
  }
  return found;
}

describe("an action's moves", () => {
  it('never leave a final status', () => {
    expect(actionMoves.filter((move) => (finalActionStatuses as readonly string[]).includes(move.from))).toEqual([]);
  });

  it('reach every status from the planned action, and end every status that is not final', () => {
    const reached = closure(['planned'], (move) => [move.from, move.to]);
    expect(all.filter((status) => !reached.has(status))).toEqual([]);
    // From every waiting or running status, some chain of moves ends it.
    const ends = closure(finalActionStatuses, (move) => [move.to, move.from]);
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
