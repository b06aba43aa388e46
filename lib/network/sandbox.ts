import { newId } from '../ids';
import type { Db } from '../store/client';
import type { SandboxRule } from '../store/sandbox';
import { consumeSandboxRule, listSandboxRules, recordSandboxAction } from '../store/sandbox';
import type { ActingAccount, NetworkProvider, ProviderResult, ReactInput } from './provider';
import { ProviderError } from './provider';

/**
 * A simulated network kept in DynamoDB, the local default: it records every call instead of
 * reaching the real network, answers as a provider would, and fails on demand (sandbox rules).
 * Its results say `provider: 'sandbox'`.
 */
export class SandboxProvider implements NetworkProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly db: Db) {}

  async react({ account, post, reactionType }: ReactInput): Promise<ProviderResult> {
    await this.failIfTold(account, 'react', post.id);
    const sandboxActionId = newId('sbx');
    await recordSandboxAction(this.db, {
      sandboxActionId,
      workspaceId: account.workspaceId,
      type: 'react',
      accountId: account.accountId,
      providerAccountId: account.providerAccountId,
      target: post.url,
      details: { reactionType, postUrn: post.urn, ...(post.commentId ? { commentId: post.commentId } : {}) },
      at: new Date().toISOString(),
    });
    return { provider: 'sandbox', outcome: 'reacted', details: { sandboxActionId } };
  }

  private async failIfTold(account: ActingAccount, action: 'react', postId: string): Promise<void> {
    const rules = await listSandboxRules(this.db, account.workspaceId);
    const rule = rules.find((candidate) => matches(candidate, account, action, postId));
    if (!rule || !(await consumeSandboxRule(this.db, rule))) return;
    const { status, reason, retryAfterSeconds } = rule.failure;
    throw new ProviderError(reason, `sandbox: told to fail with ${status} ${reason}`, status === 429 || status >= 500, {
      status,
      retryAfterSeconds,
    });
  }
}

function matches(rule: SandboxRule, account: ActingAccount, action: string, postId: string): boolean {
  const { match } = rule;
  return (
    (match.action === undefined || match.action === action) &&
    (match.postId === undefined || match.postId === postId) &&
    (match.providerAccountId === undefined || match.providerAccountId === account.providerAccountId)
  );
}
