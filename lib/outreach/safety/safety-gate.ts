import type { ActionKind } from '../../schemas/action-kind';
import type { Account } from '../../store/accounts';
import type { Db } from '../../store/client';
import type { QuotaRequest } from '../../store/quota-counters';
import { release, tryConsume } from '../../store/quota-counters';
import type { AccountPause, PauseScope } from '../../store/send-schedule';
import { activePauses, moveLastSlot, reserveSlot } from '../../store/send-schedule';
import type { WorkspaceSettings } from '../../store/workspaces';
import type { EffectiveLimits } from './safety-defaults';
import { dailyLimitField, effectiveLimits } from './safety-defaults';
import { deferAfterLimit, quotaPeriods, whenAllowed } from './schedule-action';
import { previousLocalDays } from './working-hours';
import { Deferral, KindDisabledError } from '../../errors';

/** How early or late an action may be in its reserved slot (queue delivery is not to the millisecond). */
const SLOT_TOLERANCE_MS = 1000;

export interface GateOptions {
  /** The slot the action was deferred to, if any (`Action.slotAt`). */
  reservedSlot?: Date;
  /** Random numbers in [0, 1) for the jitter; a fixed one in tests and simulations. */
  random?: () => number;
}

/**
 * Account safety for one attempt of an action: each network touch (a write, or the profile visit a
 * connection request or DM opens with) goes through `pass(kind)`, which lets it through only
 * 0. while the network has not paused the account, or that kind of touch (see provider-signals.ts);
 * 1. inside the account's working hours;
 * 2. in a send slot of the account's own: the attempt's first touch takes the account's next free
 *    slot, a gap (the kind's minimum plus random jitter) after the slot before it, across all its
 *    jobs, workers and retries; a slot in the future defers the action to it, and it runs in it;
 * 3. under its daily (and, for invitations, weekly) limits, taking one unit of quota atomically;
 * else it throws a `Deferral`. Work deferred to an opening or a new period wakes at a random time
 * within one gap of it, and takes its slot from there: never all on one second. A write's quota is
 * given back with `releaseAll` when it did not reach the network; a visit's never is (it did).
 */
export class SafetyGate {
  private readonly taken: QuotaRequest[] = [];
  /** The kind of the last write let through: what a failure of the call was about. */
  lastKind: ActionKind | undefined;
  /** The kind of the last touch let through, a visit included: what a signal of the network was about. */
  lastTouch: ActionKind | undefined;
  /** The account's pauses, read once by the attempt's first touch. */
  private pauses: Partial<Record<PauseScope, AccountPause>> | undefined;
  /** Whether this attempt holds a send slot: its later touches (a visit's write) follow in it. */
  private slotHeld = false;

  /** Resolved once per attempt: every write of the attempt is judged by the same limits. */
  readonly limits: EffectiveLimits;
  private readonly random: () => number;

  constructor(
    private readonly db: Db,
    private readonly account: Account,
    workspaceSettings: WorkspaceSettings | undefined,
    private readonly now: Date,
    private readonly options: GateOptions = {},
  ) {
    this.limits = effectiveLimits(account, workspaceSettings);
    this.random = options.random ?? Math.random;
  }

  /**
   * Lets one touch of `kind` through, or throws. `slotKind`: the kind whose gap the attempt's slot
   * keeps, when its first touch is the visit before a write (a connection request's visit is spaced
   * as invitations are).
   */
  async pass(kind: ActionKind, slotKind: ActionKind = kind): Promise<void> {
    const { account, now, limits } = this;
    if (limits.daily[kind] === 0) {
      throw new KindDisabledError(`The account's daily limit for ${dailyLimitField[kind]} is 0: it does not make them.`);
    }
    this.pauses ??= await activePauses(this.db, account, now);
    const pause = this.pauses.all ?? this.pauses[kind];
    if (pause) throw new Deferral(this.wakeAfter(new Date(pause.until), slotKind), pause.reason);
    const hours = whenAllowed(now, limits);
    if (hours.reason) throw new Deferral(this.wakeAfter(hours.runAt, slotKind), hours.reason);
    if (!this.slotHeld) await this.takeSlot(slotKind);

    const { day, week } = quotaPeriods(now, limits.timezone);
    const request: QuotaRequest = {
      workspaceId: account.workspaceId,
      accountId: account.accountId,
      kind,
      day,
      dailyLimit: limits.daily[kind],
      // Invitations: the ISO week's limit, and the same over any seven days in a row.
      ...(kind === 'invitation' ? { week, weeklyLimit: limits.weeklyInvitations, previousDays: previousLocalDays(day, 6) } : {}),
    };
    const taken = await tryConsume(this.db, request, now);
    if (!taken.ok) {
      // The rolling seven days move on a day at a time: their room comes back with the next day.
      const period = taken.limit === 'weekly' ? 'weekly' : 'daily';
      throw new Deferral(
        this.wakeAfter(deferAfterLimit(now, limits.timezone, limits.workingHours, period), slotKind),
        taken.limit === 'daily' ? 'daily_limit' : 'weekly_limit',
      );
    }
    this.lastTouch = kind;
    if (kind === 'visit') return;
    this.taken.push(request);
    this.lastKind = kind;
  }

  /** A gap before a touch of `kind`: its minimum, plus up to its jitter at random. */
  private gapMs(kind: ActionKind): number {
    const { minSeconds, jitterSeconds } = this.limits.spacing[kind];
    return Math.round((minSeconds + this.random() * jitterSeconds) * 1000);
  }

  /** A wake-up time after `at` (an opening, a new period, a pause's end): within one gap of it, at random. */
  wakeAfter(at: Date, kind: ActionKind): Date {
    const { minSeconds, jitterSeconds } = this.limits.spacing[kind];
    return new Date(at.getTime() + Math.floor(this.random() * (minSeconds + jitterSeconds) * 1000));
  }

  /**
   * The attempt's send slot: the one the action was deferred to when it is now (or it was, and no
   * slot was handed out after it since, so the next one still keeps its gap from now); else the
   * account's next free slot, deferring the action to it when that is later than now.
   */
  private async takeSlot(kind: ActionKind): Promise<void> {
    const now = this.now.getTime();
    const reserved = this.options.reservedSlot;
    if (reserved && reserved.getTime() <= now + SLOT_TOLERANCE_MS) {
      const onTime = now - reserved.getTime() <= SLOT_TOLERANCE_MS;
      if (onTime || (await moveLastSlot(this.db, this.account, reserved, this.now))) {
        this.slotHeld = true;
        return;
      }
    }
    const slot = await reserveSlot(this.db, this.account, this.now, this.gapMs(kind));
    if (slot.getTime() > now + SLOT_TOLERANCE_MS) throw new Deferral(slot, 'pacing', slot);
    this.slotHeld = true;
  }

  /** Gives back every unit taken in this attempt. */
  async releaseAll(): Promise<void> {
    const taken = this.taken.splice(0);
    await Promise.all(taken.map((request) => release(this.db, request)));
  }
}
