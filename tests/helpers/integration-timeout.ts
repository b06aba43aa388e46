/**
 * Jest `setupFilesAfterEnv` of the integration project: each test may take 120 s (on an idle machine). Jest reads
 * `testTimeout` from the top level of its config only (a project's own is ignored), so the
 * integration project sets it here, for itself alone.
 *
 * Why so long: a test that waits for background work leaves room for one invocation that overruns its
 * function's timeout (a worker's 30 s, the connection watch's 60 s) and is run again by its queue or
 * schedule, as Lambda would. That was seen several times a run while serverless offline ran each
 * function in worker threads (serverless.yml says why it no longer does); the room is kept as a margin.
 */
import { machineTimeout } from './machine-timeout';

// 120 s on an idle machine, more on a loaded one (tests/helpers/machine-timeout.ts).
jest.setTimeout(machineTimeout(120_000));
