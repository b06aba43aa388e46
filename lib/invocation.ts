import type { Context } from 'aws-lambda';
import { logger } from './log';
import { flushMetrics } from './metrics';
import { traceInvocation } from './tracer';

/** A Lambda handler; the context is absent when a test or a bench calls it. */
export type LambdaHandler<Event, Result> = (event: Event, context?: Context) => Promise<Result>;

/**
 * What every invocation of every function goes through, put around a handler once per kind of
 * function (the HTTP request pipeline, the SQS worker, the scheduled task): the logger takes the
 * Lambda context (cold start, function name and request id on each line), the invocation runs
 * traced (lib/tracer.ts), and the metrics it stored are written at its end, whatever happened.
 */
export function observedHandler<Event, Result>(handler: LambdaHandler<Event, Result>): LambdaHandler<Event, Result> {
  return async (event, context) => {
    if (context) logger.addContext(context);
    try {
      return await traceInvocation(() => handler(event, context));
    } finally {
      flushMetrics();
    }
  };
}
