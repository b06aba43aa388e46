/**
 * The zod every runtime schema is built with: `zod/mini`, not the classic API. Schemas are built in
 * each function's cold start, and classic ones (built with all their methods, from a larger module)
 * cost a function 15-20 % of it. Import it from here, never from `zod/mini` itself, so that English
 * messages are configured whichever module loads first (classic zod gives them by default).
 *
 * Import it as a namespace, `import * as z from '../zod'`: esbuild then keeps only the functions a
 * bundle calls. `import { z }` (zod/mini's own namespace object, re-exported) makes it keep all of
 * zod/mini, every locale included: about 400 KB more per bundle.
 */
import { config, NEVER, type core } from 'zod/mini';
import { en } from 'zod/v4/locales';

config(en());

export * from 'zod/mini';

/** Reports `message` about the value a transform reads, or about a part of it at `path`; parsing goes on. */
export function reportIssue(ctx: core.ParsePayload, message: string, path: PropertyKey[] = []): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, path });
}

/**
 * Refuses a transform's input with `message`, as classic zod's `ctx.addIssue({ code: 'custom',
 * message })` does in `.transform()` (a zod/mini transform's context is the bare payload).
 */
export function refuse(ctx: core.ParsePayload, message: string): never {
  reportIssue(ctx, message);
  return NEVER;
}
