import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface FunctionDef {
  handler: string;
  events?: Array<{ httpApi?: string | { method: string; path: string } }>;
}

function serverlessFunctions(): Record<string, FunctionDef> {
  const text = readFileSync(join(__dirname, '../../serverless.yml'), 'utf8');
  // CloudFormation tags (!Ref, !GetAtt, …) are not needed here: read them as plain values, unknown ones without a warning.
  const config = parse(text, {
    logLevel: 'error',
    customTags: [
      { tag: '!Ref', resolve: (v: string) => v },
      { tag: '!GetAtt', resolve: (v: string) => v },
      { tag: '!Join', collection: 'seq', resolve: (v: unknown) => v },
    ],
  }) as {
    functions: Record<string, FunctionDef>;
  };
  return config.functions;
}

/** Each function of serverless.yml with an httpApi event: its name, handler (`functions/http/like.handler`) and `METHOD /path` events, but the catch-all `*`. */
export function declaredHttpFunctions(): Array<{ name: string; handler: string; routes: string[] }> {
  return Object.entries(serverlessFunctions())
    .map(([name, fn]) => ({
      name,
      handler: fn.handler,
      routes: (fn.events ?? [])
        .flatMap((event) =>
          event.httpApi === undefined
            ? []
            : [typeof event.httpApi === 'string' ? event.httpApi : `${event.httpApi.method} ${event.httpApi.path}`],
        )
        .filter((route) => route !== '*'),
    }))
    .filter((fn) => fn.routes.length > 0);
}

/** `METHOD /path` of every httpApi event serverless.yml declares, but the catch-all `*`. */
export function declaredRoutes(): string[] {
  return declaredHttpFunctions().flatMap((fn) => fn.routes);
}
