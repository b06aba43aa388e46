import type { ActionKind } from '../schemas/action-kind';
import type { Account } from '../store/accounts';
import type { DeferredReason } from '../store/actions';
import type { Db } from '../store/client';
import type { QuotaRequest } from '../store/quota-counters';
import { release, tryConsume } from '../store/quota-counters';
import type { WorkspaceSettings } from '../store/workspaces';
import type { EffectiveLimits } from './safety-defaults';
import { dailyLimitField, effectiveLimits } from './safety-defaults';
import { deferAfterLimit, quotaPeriods, whenAllowed } from './schedule-action';

/** Thrown when account safety says "not now": the action waits until `until`, it is not a failure. */
export class Deferral extends Error {
  override name = 'Deferral';
  constructor(
    readonly until: Date,
    readonly reason: DeferredReason,
  ) {
    super(`deferred until ${until.toISOString()} (${reason})`);
  }
}

/** Thrown when the account's limit for a kind is 0: that kind is switched off for it, waiting would never end. */
export class KindDisabledError extends Error {
  override name = 'KindDisabledError';
}

/**
 * Account safety for one attempt of an action: each provider write goes through `pass(kind)`,
 * which lets it through inside the account's working hours and under its daily (and, for
 * invitations, weekly) limits, taking one unit of quota atomically, or throws a `Deferral`. What
 * was taken is given back with `releaseAll` when the write did not reach the network.
 */
export class SafetyGate {
  private readonly taken: QuotaRequest[] = [];
  /** The kind of the last write let through: what a failure of the call was about. */
  lastKind: ActionKind | undefined;

  /** Resolved once per attempt: every write of the attempt is judged by the same limits. */
  private readonly limits: EffectiveLimits;

  constructor(
    private readonly db: Db,
    private readonly account: Account,
    workspaceSettings: WorkspaceSettings | undefined,
    private readonly now: Date,
  ) {
    this.limits = effectiveLimits(account, workspaceSettings);
  }

  async pass(kind: ActionKind): Promise<void> {
    const { account, now, limits } = this;
    if (limits.daily[kind] === 0) {
      throw new KindDisabledError(`The account's daily limit for ${dailyLimitField[kind]} is 0: it does not make them.`);
    }
    const hours = whenAllowed(now, limits);
    if (hours.reason) throw new Deferral(hours.runAt, hours.reason);

    const { day, week } = quotaPeriods(now, limits.timezone);
    const request: QuotaRequest = {
      workspaceId: account.workspaceId,
      accountId: account.accountId,
      kind,
      day,
      dailyLimit: limits.daily[kind],
      ...(kind === 'invitation' ? { week, weeklyLimit: limits.weeklyInvitations } : {}),
    };
    const taken = await tryConsume(this.db, request, now);
    if (!taken.ok) {
      throw new Deferral(
        deferAfterLimit(now, limits.timezone, limits.workingHours, taken.limit),
        taken.limit === 'daily' ? 'daily_limit' : 'weekly_limit',
      );
    }
    this.taken.push(request);
    this.lastKind = kind;
  }

  /** Gives back every unit taken in this attempt. */
  async releaseAll(): Promise<void> {
    const taken = this.taken.splice(0);
    await Promise.all(taken.map((request) => release(this.db, request)));
  }
}
