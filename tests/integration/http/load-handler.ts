import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';

/**
 * Loads a handler of functions/ (HTTP by default; a worker's with its type) as Lambda would at a cold start: in a module registry of its
 * own, with `env` set while its modules read the configuration (lib/config.ts parses it once, at
 * import). `env` points its queues at a test's own queues, so a test never competes with the
 * stack's poller; the process environment is restored afterwards.
 */
export async function loadHandler<H = HttpHandler>(load: () => Promise<{ handler: H }>, env: Record<string, string>): Promise<H> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    let handler: H | undefined;
    await jest.isolateModulesAsync(async () => {
      ({ handler } = await load());
    });
    if (!handler) throw new Error('the module exports no handler');
    return handler;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** The JSON body of a handler's answer. */
export function bodyOf(result: LambdaHttpResult): Record<string, unknown> {
  return JSON.parse(result.body as string) as Record<string, unknown>;
}

/** The `errors` of a problem, as `{path, message}`. */
export function fieldErrorsOf(result: LambdaHttpResult): Array<{ path: string; message: string }> {
  return (bodyOf(result).errors ?? []) as Array<{ path: string; message: string }>;
}
