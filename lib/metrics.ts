import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * The service's CloudWatch metrics, written to stdout in the Embedded Metric Format (EMF), which
 * Lambda's log turns into metrics: namespace POWERTOOLS_METRICS_NAMESPACE (`OutreachApi`), and the
 * dimension `service` (POWERTOOLS_SERVICE_NAME) on every one. Their names and dimensions are what
 * the dashboard and alarms of serverless.yml read: change both together (docs/observability.md).
 *
 * The code that knows a fact records it here, through these functions, so that lib/ depends on no
 * Powertools type. EMF gives every metric of a line the same dimensions, so a metric with
 * dimensions of its own (a route, a type, a reason) is written at once, on its own line. The totals
 * (only `service`: an alarm names its metric by exact dimensions) are stored and written together
 * at the end of the invocation, by `flushMetrics` (lib/invocation.ts). A line may also name what it
 * counts (a request id, a job id): EMF metadata, searchable in the log, never a dimension.
 */
const stored = new Metrics();
const immediate = stored.singleMetric();

function count(name: string, dimensions: Record<string, string>, metadata: Record<string, string> = {}): void {
  for (const [key, value] of Object.entries(metadata)) immediate.addMetadata(key, value);
  immediate.addDimensions(dimensions).addMetric(name, MetricUnit.Count, 1);
}

/** One HTTP request answered: its route key (`POST /api/v1/social-selling/like`, `$default`) and status. */
export function countRequest(route: string, status: number, requestId: string): void {
  count('Requests', { route, status: String(status) }, { requestId });
}

/** An outreach job accepted (202), by its type: `like`, `comment`, `connect`, `dm`. */
export function countJobAccepted(type: string, jobId: string): void {
  count('JobsAccepted', { type }, { jobId });
}

/** An action ended by the actions worker: its job's type, and the status it ended with (`succeeded`, `failed`, ...). */
export function countActionEnded(kind: string, result: string, jobId: string): void {
  count('ActionsEnded', { kind, result }, { jobId });
}

/** An action put back to wait by account safety: `pacing`, `outside_working_hours`, `daily_limit`, ... */
export function countDeferral(reason: string, jobId: string): void {
  count('Deferrals', { reason }, { jobId });
}

/**
 * One call to the network provider: counted in ProviderCalls, and when it failed, in
 * ProviderFailures and in ProviderErrors by `failureType` (the failure's reason).
 */
export function countProviderCall(failureType?: string): void {
  stored.addMetric('ProviderCalls', MetricUnit.Count, 1);
  if (failureType === undefined) return;
  stored.addMetric('ProviderFailures', MetricUnit.Count, 1);
  count('ProviderErrors', { type: failureType });
}

/** One attempt of an outgoing webhook delivery, or one given up before it: `delivered`, `retried`, `failed`, `dropped`. */
export function countWebhookDelivery(outcome: string): void {
  count('WebhookDeliveries', { outcome });
}

/** A transcript analysed: how long the analysis took, and the call's words. */
export function recordTranscriptAnalysis(durationMs: number, words: number): void {
  stored.addMetric('TranscriptAnalysisDuration', MetricUnit.Milliseconds, durationMs);
  stored.addMetric('TranscriptWords', MetricUnit.Count, words);
}

/** Writes the totals stored during this invocation, if any (nothing is written for none). */
export function flushMetrics(): void {
  if (stored.hasStoredMetrics()) stored.publishStoredMetrics();
}
