import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface FunctionDef {
  events?: Array<{ httpApi?: string | { method: string; path: string } }>;
}

/** `METHOD /path` of every httpApi event serverless.yml declares, but the catch-all `*`. */
export function declaredRoutes(): string[] {
  const text = readFileSync(join(__dirname, '../../serverless.yml'), 'utf8');
  // CloudFormation tags (!Ref, !GetAtt, …) are not needed here: read them as plain values, unknown ones without a warning.
  const config = parse(text, { logLevel: 'error', customTags: [{ tag: '!Ref', resolve: (v: string) => v }, { tag: '!GetAtt', resolve: (v: string) => v }, { tag: '!Join', collection: 'seq', resolve: (v: unknown) => v }] }) as {
    functions: Record<string, FunctionDef>;
  };
  return Object.values(config.functions)
    .flatMap((fn) => fn.events ?? [])
    .flatMap((event) => (event.httpApi === undefined ? [] : [typeof event.httpApi === 'string' ? event.httpApi : `${event.httpApi.method} ${event.httpApi.path}`]))
    .filter((route) => route !== '*');
}
