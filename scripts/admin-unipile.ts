/**
 * `npm run admin -- unipile check`: whether a deployment's Unipile setup is right (key, DSN,
 * accounts, the three webhooks), from read-only calls, and what to fix (lib/network/unipile-check.ts).
 */
import { checkUnipile } from '../lib/network/unipile-check';
import { AdminError } from '../lib/errors';
import { need } from './admin-output';

export const UNIPILE_HELP = `  unipile check                                   read-only: key, DSN, accounts and the three webhooks, and what to fix
               from UNIPILE_DSN, UNIPILE_API_KEY, PUBLIC_BASE_URL and UNIPILE_WEBHOOK_SECRET (the last two optional)
`;

export async function runUnipileCommand(command: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (command !== 'check') throw new AdminError(`unknown command: unipile ${command ?? ''}`);
  const lines = await checkUnipile({
    dsn: need(env.UNIPILE_DSN, 'UNIPILE_DSN (environment)'),
    apiKey: need(env.UNIPILE_API_KEY, 'UNIPILE_API_KEY (environment)'),
    publicBaseUrl: env.PUBLIC_BASE_URL || undefined,
    webhookSecret: env.UNIPILE_WEBHOOK_SECRET || undefined,
  });
  for (const line of lines) {
    console.log(`${line.ok ? 'ok ' : 'FIX'} ${line.what}`);
    if (line.fix) console.log(`    → ${line.fix}`);
  }
  const failed = lines.filter((line) => !line.ok).length;
  console.log(failed === 0 ? 'Unipile is set up.' : `${failed} thing(s) to fix.`);
  if (failed > 0) process.exitCode = 1;
}
