/**
 * Configuration, parsed once from the environment at cold start. A missing or malformed
 * variable fails the cold start loudly instead of request 1,000.
 */
// zod/mini (lib/zod.ts), as every runtime schema: parsed in every function's cold start.
import * as z from './zod';

/** An integer given as a string, within bounds, with a default. */
function integer(fallback: number, bounds: { min?: number; max?: number } = {}) {
  const checks = [...(bounds.min !== undefined ? [z.gte(bounds.min)] : []), ...(bounds.max !== undefined ? [z.lte(bounds.max)] : [])];
  return z._default(z.pipe(z.coerce.number(), z.int().check(...checks)), fallback);
}
const seconds = (fallback: number) => integer(fallback, { min: 0 });
const text = (fallback: string) => z._default(z.string(), fallback);
const required = () => z.string().check(z.minLength(1));
/** The name of the SSM parameter holding a secret when deployed (lib/secrets.ts); empty: the secret is its plain variable. */
const parameterName = () => text('');

/** The secrets lib/secrets.ts reads: each a plain variable, or the SSM parameter `<NAME>_PARAMETER` names. */
const secretNames = ['UNIPILE_API_KEY', 'UNIPILE_WEBHOOK_SECRET', 'CONNECT_LINK_SECRET', 'REPORT_LINK_SECRET'] as const;

const configSchema = z
  .object({
    STAGE: z._default(required(), 'dev'),
    TABLE_NAME: required(),
    JOBS_QUEUE_URL: z.url(),
    ACTIONS_QUEUE_URL: z.url(),
    TRANSCRIPTS_QUEUE_URL: z.url(),
    WEBHOOKS_QUEUE_URL: z.url(),
    NOTIFICATIONS_QUEUE_URL: z.url(),
    /** Raw transcripts, server-side encrypted, keyed by workspace and call id. */
    TRANSCRIPTS_BUCKET: required(),
    /** `embedded` (default): deterministic, no network. `bedrock`: content ideas by an LLM (Converse API), the embedded ones kept on any failure. */
    TRANSCRIPT_ANALYSER: z._default(z.enum(['embedded', 'bedrock']), 'embedded'),
    /** Model or inference profile id the `bedrock` analyser calls, e.g. `anthropic.claude-3-5-haiku-20241022-v1:0`. */
    BEDROCK_MODEL_ID: text(''),
    /** Region of Bedrock, when not the function's own. */
    BEDROCK_REGION: text(''),
    /** Longest wait for the LLM before the embedded ideas are kept. */
    BEDROCK_TIMEOUT_MS: integer(30_000, { min: 1000, max: 600_000 }),
    /** Longer transcripts are not sent to the LLM (its context and cost); the embedded ideas are kept. */
    BEDROCK_MAX_TRANSCRIPT_CHARS: integer(200_000, { min: 1000 }),
    NETWORK_PROVIDER: z._default(z.enum(['sandbox', 'unipile']), 'sandbox'),
    UNIPILE_DSN: text(''),
    UNIPILE_API_KEY: text(''),
    UNIPILE_API_KEY_PARAMETER: parameterName(),
    /** Longest wait for one Unipile call, body included; a timed-out call is retried like a 5xx (not a comment or message: it may have been posted). */
    UNIPILE_TIMEOUT_MS: integer(10_000, { min: 100, max: 60_000 }),
    /** Default spread of a job's actions; a workspace setting overrides it. */
    PACING_WINDOW_SECONDS: seconds(1800),
    /** How long a verified api key is trusted without asking DynamoDB again: the revocation delay. */
    AUTH_CACHE_SECONDS: seconds(60),
    /**
     * How long a container trusts a group it read (its members, that one is active) when accepting
     * a like or a comment from it: a group changed meanwhile is read again by the planner, which
     * acts from its members of that moment.
     */
    GROUP_CACHE_SECONDS: seconds(30),
    /** Requests a workspace may make per minute with its api keys, across all Lambdas (a DynamoDB counter); 0 = no limit. */
    RATE_LIMIT_PER_MINUTE: integer(600, { min: 0 }),
    /** Most actions one account may have waiting (not ended); a request that would add to a full one leaves it out, or is a 429 when all are. */
    ACCOUNT_BACKLOG_LIMIT: integer(1000, { min: 1 }),
    /** Attempts of one provider call before its action ends failed. */
    ACTION_MAX_ATTEMPTS: integer(5, { min: 1, max: 20 }),
    /** First retry of a failed provider call after up to this long; the bound doubles each attempt (full jitter), capped at 15 min. */
    ACTION_RETRY_BASE_SECONDS: integer(10, { min: 1, max: 900 }),
    /**
     * A job still `queued` this long after it was created, never taken by a planner, ends `failed`
     * (`not_queued`): its request was cut off before its message was queued. At least 15 min, the
     * jobs queue's whole retry path (5 receives x 180 s visibility) before its dead-letter queue.
     */
    QUEUED_JOB_TIMEOUT_SECONDS: integer(3600, { min: 900 }),
    /** How long jobs and their actions are kept. */
    JOB_RETENTION_DAYS: integer(90, { min: 1 }),
    /** The API's public address, for the approval links jobs show; a relative link when empty. */
    PUBLIC_BASE_URL: z._default(z.union([z.literal(''), z.url()]), ''),
    /** The verified SES sender approval requests are mailed from (e.g. `approvals@acme.com`); empty: nobody is mailed. */
    NOTIFY_FROM_EMAIL: z._default(z.union([z.literal(''), z.email()]), ''),
    /** A reminder of a still-open approval goes out once, this long before it expires (24 h); 0 = no reminder. */
    APPROVAL_REMINDER_BEFORE_SECONDS: seconds(86_400),
    /** Where posts to a workspace's Slack webhook (always `https://hooks.slack.com/...`) really go: Slack, or a local receiver in tests. */
    SLACK_WEBHOOK_ORIGIN: z._default(z.url(), 'https://hooks.slack.com'),
    /** How long an approval waits for a decision before its action ends `expired` (7 days). */
    APPROVAL_EXPIRY_SECONDS: integer(7 * 86400, { min: 1 }),
    /** How long an account waits when the network throttles it without a `retry-after` (provider-signals.ts' default). */
    PROVIDER_THROTTLE_COOLDOWN_SECONDS: integer(3600, { min: 1 }),
    /** How long an account waits when the network restricts it or asks for a checkpoint (provider-signals.ts' default). */
    ACCOUNT_RESTRICTED_COOLDOWN_SECONDS: integer(86_400, { min: 1 }),
    /** How long a DM waits for its invitation to be accepted before it ends `expired` (21 days). */
    CONNECTION_EXPIRY_SECONDS: integer(21 * 86400, { min: 1 }),
    /** Shared secret the provider's webhook calls carry (header `x-webhook-secret`); webhooks are refused without it. */
    UNIPILE_WEBHOOK_SECRET: text(''),
    UNIPILE_WEBHOOK_SECRET_PARAMETER: parameterName(),
    /** Outgoing webhooks: an attempt without a 2xx within this long failed. */
    WEBHOOK_TIMEOUT_MS: integer(10_000, { min: 100, max: 30_000 }),
    /** First retry of a failed delivery after about this long; each wait is 3x the last (with jitter), capped. */
    WEBHOOK_RETRY_INITIAL_SECONDS: integer(30, { min: 1 }),
    WEBHOOK_RETRY_MAX_DELAY_SECONDS: integer(4 * 3600, { min: 1 }),
    /** A delivery is retried for this long from its first attempt (about a day), then ends `failed`. */
    WEBHOOK_RETRY_FOR_SECONDS: integer(86_400, { min: 1 }),
    /** An endpoint whose every attempt failed for this long is disabled (5 days). */
    WEBHOOK_DISABLE_AFTER_SECONDS: integer(5 * 86_400, { min: 1 }),
    /** Local mode only: lets endpoints be http://localhost (loopback). Never set it on a deployed stage. */
    WEBHOOK_ALLOW_HTTP_LOCALHOST: z.pipe(
      z._default(z.enum(['true', 'false']), 'false'),
      z.transform((value) => value === 'true'),
    ),
    /** How often an action of a paused or disconnected account looks again whether its account may act (it waits meanwhile). */
    ACCOUNT_RECHECK_SECONDS: integer(900, { min: 1, max: 900 }),
    /** A disconnected account's actions end `failed` (`account_disconnected`) once it has been disconnected this long (3 days). */
    ACCOUNT_DISCONNECTED_FAIL_SECONDS: integer(3 * 86_400, { min: 1 }),
    /** Signs the state of connect links (`POST /accounts/connect-link`); links are refused while it is empty. */
    CONNECT_LINK_SECRET: text(''),
    CONNECT_LINK_SECRET_PARAMETER: parameterName(),
    /** How long a connect link stays usable. */
    CONNECT_LINK_EXPIRY_SECONDS: integer(3600, { min: 60, max: 7 * 86_400 }),
    /** How long a connection waits for a login the provider just connected to answer (Unipile: "a few seconds"). */
    CONNECT_LOGIN_READY_SECONDS: integer(15, { min: 0, max: 20 }),
    /** Signs the links of transcript report pages (`links.report`, `/reports/<token>`); no link is given, and none opens, while it is empty. */
    REPORT_LINK_SECRET: text(''),
    REPORT_LINK_SECRET_PARAMETER: parameterName(),
    /** How long a report link opens its page (30 days), from the hour after it was given. */
    REPORT_LINK_EXPIRY_SECONDS: integer(30 * 86_400, { min: 60, max: 366 * 86_400 }),
    /** Sandbox only: an invitation counts as accepted this many seconds after it was sent; 0 = only when told. */
    SANDBOX_AUTO_ACCEPT_SECONDS: seconds(0),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.WEBHOOK_ALLOW_HTTP_LOCALHOST && env.STAGE !== 'local') {
        ctx.addIssue({
          code: 'custom',
          path: ['WEBHOOK_ALLOW_HTTP_LOCALHOST'],
          message: 'only the local stage may deliver webhooks over http to localhost',
        });
      }
      if (env.TRANSCRIPT_ANALYSER === 'bedrock' && !env.BEDROCK_MODEL_ID) {
        ctx.addIssue({ code: 'custom', path: ['BEDROCK_MODEL_ID'], message: 'required when TRANSCRIPT_ANALYSER is bedrock' });
      }
      if (env.NETWORK_PROVIDER === 'unipile') {
        if (!env.UNIPILE_DSN) ctx.addIssue({ code: 'custom', path: ['UNIPILE_DSN'], message: 'required when NETWORK_PROVIDER is unipile' });
        if (!env.UNIPILE_API_KEY && !env.UNIPILE_API_KEY_PARAMETER) {
          ctx.addIssue({
            code: 'custom',
            path: ['UNIPILE_API_KEY'],
            message: 'required when NETWORK_PROVIDER is unipile (or UNIPILE_API_KEY_PARAMETER)',
          });
        }
      }
      for (const name of secretNames) {
        if (env[name] && env[`${name}_PARAMETER`]) {
          ctx.addIssue({ code: 'custom', path: [name], message: `set either ${name} or ${name}_PARAMETER, not both` });
        }
      }
    }),
  );

export type Config = z.infer<typeof configSchema>;

/** Parses a configuration from an environment; throws one error naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  // Parsed once per container, during its cold start: compiling zod's fast path for the object
  // (`new Function`) would cost more than it saves.
  const result = configSchema.safeParse(env, { jitless: true });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}

let loaded: Config | undefined;

/** The process's configuration, parsed on first use (module scope of a handler = cold start). */
export function getConfig(): Config {
  loaded ??= parseConfig(process.env);
  return loaded;
}
