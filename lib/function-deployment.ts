/**
 * What a function needs of AWS besides its code: the calls it may make (its role is made from them,
 * deploy/roles.ts), its memory and timeout when the provider's defaults (512 MB, 10 s) do not fit,
 * and the largest bundle it may grow to. Plain data: a route's definition holds it (lib/http/route.ts),
 * and so does each worker's and timer's (deploy/background-functions.ts).
 */

/** Calls on the table's items (the single table of lib/store). */
export type TableAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'ConditionCheckItem';

/** The service's work queues (lib/queue), each with a dead-letter queue. */
export type QueueName = 'jobs' | 'actions' | 'transcripts' | 'webhooks' | 'notifications';

/** The secrets a function may read: SecureString parameters of SSM (lib/secrets.ts). */
export type SecretName = 'unipileApiKey' | 'webhookSecret' | 'connectLinkSecret' | 'reportLinkSecret';

export interface Permissions {
  /** Calls on the table's items (and queries of the table itself). */
  readonly table?: readonly TableAction[];
  /** The table's indexes it queries. */
  readonly queries?: readonly ('gsi1' | 'gsi2')[];
  /** Queues it sends messages to. */
  readonly sendsTo?: readonly QueueName[];
  /** The queue whose messages it is given (a worker's event source: receive, delete, read attributes). */
  readonly consumes?: QueueName;
  /** Secrets it reads, and decrypts through SSM only. */
  readonly secrets?: readonly SecretName[];
  /** Calls on transcripts' content in the bucket (S3 objects under `workspaces/`). */
  readonly transcriptObjects?: readonly ('GetObject' | 'PutObject' | 'DeleteObject')[];
  /** Mails through SES, from the account's verified identities. */
  readonly sendsEmail?: boolean;
  /** Asks Bedrock's foundation models and inference profiles (the optional LLM analyser). */
  readonly invokesModels?: boolean;
}

/** The largest minified bundle and .zip a function may grow to, in bytes (docs/benchmarks.md#bundle-budgets). */
export interface BundleBudget {
  readonly bytes: number;
  readonly zipBytes: number;
}

export interface FunctionDeployment {
  readonly permissions: Permissions;
  /** MB, when the default 512 does not fit. */
  readonly memorySize?: number;
  /** Seconds, when the default 10 does not fit. */
  readonly timeout?: number;
  readonly bundle: BundleBudget;
}
