/**
 * One attempt of an action, as the perform functions see it: what they are given, what they answer,
 * and the person they reach.
 */
import type { ActingAccount, ResolvedProfile } from '../../network/network-actions';
import type { NetworkProvider, ProviderResult } from '../../network/provider';
import type { Action, ActionTarget } from '../../store/actions';
import type { JobType } from '../../schemas/job-request';
import type { Job } from '../../store/jobs';
import type { SafetyGate } from '../safety/safety-gate';

/**
 * What one attempt of an action needs: the provider, the job and action, who acts, and the safety
 * gate. `ActionContext<'dm'>` is one of a DM's job, whose request the compiler then knows.
 */
export interface ActionContext<T extends JobType = JobType> {
  provider: NetworkProvider;
  job: Job<T>;
  action: Action;
  account: ActingAccount;
  gate: SafetyGate;
  now: Date;
}

/** How an attempt went, when no error was thrown: done, or (DM) waiting for an invitation to be accepted. */
export type StepResult =
  /** `target`: the person invited or messaged (connect, DM), whom the workspace may hear of again as a lead. */
  | { type: 'done'; result: ProviderResult; target?: ActionTarget }
  /** `invitedAt`: when this attempt sent the invitation; absent when it found one already pending. */
  | { type: 'awaiting_connection'; target: ActionTarget; invitedAt?: Date; result: ProviderResult };

/** The person an action reaches, as the provider resolved them, with the profile URL the job named. */
export function targetOf(person: ResolvedProfile, profileUrl: string): ActionTarget {
  return {
    providerId: person.providerId,
    publicIdentifier: person.publicIdentifier.toLowerCase(),
    profileUrl,
    ...(person.name ? { name: person.name } : {}),
  };
}
