/**
 * Reading metrics back as CloudWatch would: from the Embedded Metric Format (EMF) lines that
 * lib/metrics.ts prints, in captured output or in the local stack's log (where each line may carry
 * a prefix), and loading lib/ modules with metrics on, in the unit project that turns them off
 * (tests/helpers/unit-env.ts).
 */

/** One metric of an EMF line: its namespace, name, unit, value, and dimensions with their values. */
export interface EmfMetric {
  namespace: string;
  name: string;
  unit: string;
  value: unknown;
  dimensions: Record<string, unknown>;
}

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

/** Every metric of every EMF line in `text`, in order; other lines are skipped. */
export function emfMetrics(text: string): EmfMetric[] {
  return text.split('\n').flatMap((line) => {
    const start = line.indexOf('{"_aws":');
    if (start < 0) return [];
    const emf = JSON.parse(line.slice(start)) as EmfLine;
    return emf._aws.CloudWatchMetrics.flatMap((directive) =>
      directive.Metrics.map((metric) => ({
        namespace: directive.Namespace,
        name: metric.Name,
        unit: metric.Unit,
        value: emf[metric.Name],
        dimensions: Object.fromEntries(directive.Dimensions.flat().map((dimension) => [dimension, emf[dimension]])),
      })),
    );
  });
}

const metricsEnv = {
  POWERTOOLS_METRICS_DISABLED: 'false',
  POWERTOOLS_METRICS_NAMESPACE: 'OutreachApi',
  POWERTOOLS_SERVICE_NAME: 'outreach-api',
};

/**
 * Loads modules afresh (so that lib/metrics.ts makes its Metrics with metrics on, as deployed) and
 * collects what is printed to stdout from then on; `stop` gives stdout and the environment back.
 * Call it in a `beforeEach`, and `stop` in the `afterEach`.
 */
export async function withMetricsOn<Modules>(
  load: () => Promise<Modules>,
): Promise<{ modules: Modules; printed: () => string; stop: () => void }> {
  const saved = Object.fromEntries(Object.keys(metricsEnv).map((name) => [name, process.env[name]]));
  Object.assign(process.env, metricsEnv);
  let modules: Modules | undefined;
  await jest.isolateModulesAsync(async () => {
    modules = await load();
  });
  const chunks: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  return {
    modules: modules!,
    printed: () => chunks.join(''),
    stop: () => {
      write.mockRestore();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
