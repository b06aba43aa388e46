/**
 * Reading metrics back as CloudWatch would: from the Embedded Metric Format (EMF) lines that
 * lib/metrics.ts prints, in captured output or in the local stack's log (where each line may carry
 * a prefix), and loading lib/ modules with metrics on, in the unit project that turns them off
 * (tests/helpers/unit-env.ts).
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';

/** One metric of an EMF line: its namespace, name, unit, value, dimensions with their values, and the line's other fields (metadata). */
export interface EmfMetric {
  namespace: string;
  name: string;
  unit: string;
  value: unknown;
  dimensions: Record<string, unknown>;
  metadata: Record<string, unknown>;
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
    return emf._aws.CloudWatchMetrics.flatMap((directive) => {
      const dimensions = directive.Dimensions.flat();
      const metrics = directive.Metrics.map((metric) => metric.Name);
      const metadata = Object.fromEntries(
        Object.entries(emf).filter(([key]) => key !== '_aws' && !dimensions.includes(key) && !metrics.includes(key)),
      );
      return directive.Metrics.map((metric) => ({
        namespace: directive.Namespace,
        name: metric.Name,
        unit: metric.Unit,
        value: emf[metric.Name],
        dimensions: Object.fromEntries(dimensions.map((dimension) => [dimension, emf[dimension]])),
        metadata,
      }));
    });
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

/**
 * The metrics the local stack's functions write from now on: the EMF lines that reach the stack's
 * log (serverless offline's output, tests/helpers/global-setup.ts) after this call. Each call of
 * the returned function reads the lines written so far, complete ones only.
 */
export function stackLogMetricsFromNow(): () => EmfMetric[] {
  const envFile = process.env.LOCAL_STACK_ENV_FILE;
  if (!envFile) throw new Error('LOCAL_STACK_ENV_FILE is not set: read the stack log from an integration or end-to-end test');
  const { logFile } = JSON.parse(readFileSync(envFile, 'utf8')) as { logFile: string };
  const from = statSync(logFile).size;
  return () => {
    const length = statSync(logFile).size - from;
    const bytes = Buffer.alloc(length);
    const fd = openSync(logFile, 'r');
    try {
      readSync(fd, bytes, 0, length, from);
    } finally {
      closeSync(fd);
    }
    const text = bytes.toString('utf8');
    return emfMetrics(text.slice(0, text.lastIndexOf('\n') + 1));
  };
}
