import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * AWS X-Ray tracing (Powertools Tracer), for the functions' own work and their AWS and HTTP calls.
 * On when deployed (serverless.yml `tracing: lambda: true`); off where no X-Ray daemon listens:
 * the local stack sets POWERTOOLS_TRACE_ENABLED=false, and outside Lambda (tests, scripts) the
 * Tracer turns itself off. No response is ever put in a trace: answers hold secrets (a webhook's
 * signing secret) and people's data.
 */
export const tracer = new Tracer();

/**
 * The client, its calls traced (a subsegment each). Called once, where the process-wide client is
 * created; a client passed in by a test is its own.
 */
export function traced<Client>(client: Client): Client {
  return tracer.captureAWSv3Client(client);
}

/**
 * Runs one invocation in a `## <handler>` subsegment of the function's segment, annotated with
 * ColdStart and Service, and its error when it throws: the Tracer's manual instrumentation, as its
 * handler decorator would do, without the response.
 */
export async function traceInvocation<Result>(run: () => Promise<Result>): Promise<Result> {
  if (!tracer.isTracingEnabled()) return run();
  const segment = tracer.getSegment();
  const subsegment = segment?.addNewSubsegment(`## ${process.env._HANDLER}`);
  if (subsegment) tracer.setSegment(subsegment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  try {
    return await run();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    if (segment && subsegment) {
      subsegment.close();
      tracer.setSegment(segment);
    }
  }
}
