/**
 * Jest `setupFilesAfterEnv` of the integration project: each test may take 120 s. Jest reads
 * `testTimeout` from the top level of its config only (a project's own is ignored), so the
 * integration project sets it here, for itself alone.
 *
 * Why so long: serverless offline now and then leaves one invocation unanswered until the function's
 * timeout (a worker's 30 s, the connection watch's 60 s), after which the queue or the schedule runs
 * it again, as Lambda would; a test that waits for that work needs room for the recovery.
 */
jest.setTimeout(120_000);
