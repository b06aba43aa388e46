/**
 * The local stand-in for EventBridge schedules, which serverless offline does not run: every
 * function of serverless.yml with a `schedule` event is invoked through offline's Lambda endpoint
 * every `intervalSeconds` (not at the deployed rate, so local runs need not wait minutes). A run
 * never overlaps the previous one of the same function.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './clients';
import type { ServerlessConfig } from './serverless-config';
import { sleep } from './stack-error';
import { stopLoops } from './stop-loops';

export interface ScheduledFunction {
  functionKey: string;
  functionName: string;
}

/** The functions with a `schedule` event. */
export function scheduledFunctions(config: ServerlessConfig): ScheduledFunction[] {
  return Object.entries(config.functions ?? {})
    .filter(([, definition]) => (definition.events ?? []).some((event) => event.schedule !== undefined))
    .map(([functionKey, definition]) => ({
      functionKey,
      functionName: definition.name ?? `${config.service}-${config.provider.stage}-${functionKey}`,
    }));
}

export interface Scheduler {
  stop(): Promise<void>;
}

export function startScheduler(options: {
  functions: ScheduledFunction[];
  lambdaEndpoint: string;
  intervalSeconds: number;
  log: (line: string) => void;
}): Scheduler {
  const lambda = new LambdaClient({
    endpoint: options.lambdaEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  const controller = new AbortController();
  const { signal } = controller;
  const log = (line: string) => options.log(`[scheduler] ${line}`);

  const loop = async ({ functionKey, functionName }: ScheduledFunction) => {
    while (!signal.aborted) {
      await sleep(options.intervalSeconds * 1000, signal).catch(() => undefined);
      if (signal.aborted) break;
      try {
        const response = await lambda.send(
          new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: Buffer.from('{}') }),
          { abortSignal: signal },
        );
        if (response.FunctionError)
          log(`${functionKey}: the function failed (${response.FunctionError}); next run in ${options.intervalSeconds} s`);
      } catch (error) {
        if (!signal.aborted)
          log(`${functionKey}: invoking ${functionName} failed (${(error as Error).message}); next run in ${options.intervalSeconds} s`);
      }
    }
  };
  const loops = options.functions.map((fn) => loop(fn));
  for (const fn of options.functions) log(`${fn.functionKey} every ${options.intervalSeconds} s`);
  return { stop: stopLoops(controller, loops, [lambda]) };
}
