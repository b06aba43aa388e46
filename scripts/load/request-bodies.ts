/**
 * Valid request bodies for the POST endpoints, different on every call where the API dedupes or a
 * repeat would change what is measured (a transcript's call id, a DM's or invitation's person).
 * Shared by the throughput bench and the load run.
 */
import type { TestWorkspace } from '../../tests/helpers/factories';

export interface LoadTarget {
  workspace: TestWorkspace & { groups: string[] };
  /** Unique per run, so two runs on one table never collide (transcript call ids). */
  runId: string;
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

// 19-digit activity ids, built as text (they are past Number's exact range).
const postUrl = (n: number) =>
  `https://www.linkedin.com/feed/update/urn:li:activity:73000000000${String(n % 100_000_000).padStart(8, '0')}/`;
const personUrl = (target: LoadTarget, n: number) => `https://www.linkedin.com/in/${target.runId}-person-${n}`;
const reactions = ['like', 'celebrate', 'support', 'love', 'insightful', 'funny'] as const;

/** Every endpoint's body builder: `n` is the request's sequence number. */
export const requestBodies = {
  like: (target: LoadTarget, n: number) => ({
    url: postUrl(n),
    groups: [pick(target.workspace.groups, n)],
    reactionType: pick(reactions, n),
  }),
  requestComment: (target: LoadTarget, n: number) => ({
    url: postUrl(n),
    comment: `Load comment ${n}: a fair point on pipeline hygiene.`,
    groups: [pick(target.workspace.groups, n)],
  }),
  connect: (target: LoadTarget, n: number) => ({
    user: pick(target.workspace.accounts, n).profileUrl,
    target: personUrl(target, n),
    message: `Invitation ${n}`,
  }),
  dm: (target: LoadTarget, n: number) => ({
    user: pick(target.workspace.accounts, n).profileUrl,
    target: personUrl(target, n),
    message: `Hello ${n}, thanks for connecting.`,
  }),
  post: (target: LoadTarget, n: number) => ({
    user: pick(target.workspace.accounts, n).profileUrl,
    text: `Load post ${n}: what buyers told us this week.`,
    get_approved: false,
  }),
  transcript: (target: LoadTarget, n: number) => ({
    title: `Load call ${n}`,
    call_id: `${target.runId}-call-${n}`,
    call_start_time: '2026-11-20T15:00:00Z',
    url: `https://calls.example.com/r/${n}`,
    participants: ['sam@acme-sales.example', 'jane@globex.example'],
    transcript: [
      'Sam: What made you look at us?',
      'Jane: Our reps lose hours every week copying notes into spreadsheets, and follow-ups get dropped.',
      'Jane: How much does it cost per seat if we roll it out to forty reps next quarter?',
      `Sam: Good question, call ${n}; let me walk you through the pricing.`,
    ],
  }),
  webhook: (receiverUrl: string, n: number) => ({
    url: `${receiverUrl}/hooks/${n}`,
    events: ['job.failed', 'transcript.analysed'],
    description: `load ${n}`,
  }),
};

/**
 * The sequence number `n` a job's request was built from above (its post's activity id, or its
 * person's profile), to tell which request made a job whose answer never reached the load run.
 */
export function requestNumberOf(jobRequest: unknown): number | undefined {
  const { url, target } = (jobRequest ?? {}) as { url?: unknown; target?: unknown };
  const found =
    (typeof url === 'string' ? /urn:li:activity:73000000000(\d{8})/.exec(url) : null) ??
    (typeof target === 'string' ? /-person-(\d+)\/?$/.exec(target) : null);
  return found ? Number(found[1]) : undefined;
}
