/**
 * Jest `setupFiles` of the integration project: copies the endpoints and names of the local stack
 * that the global setup started (AWS_ENDPOINT_URL_*, AWS_REGION, fake keys, TABLE_NAME, queue
 * URLs, API_BASE_URL, ...) into `process.env` before a test file's modules load, so that clients
 * created at module scope already point at the emulators.
 */
import { readFileSync } from 'node:fs';
import type { StackEnvFile } from './global-setup';

// The same name as in global-setup.ts; not imported from there, which would load the whole stack
// code into every test file.
const STACK_ENV_FILE_VARIABLE = 'LOCAL_STACK_ENV_FILE';

const file = process.env[STACK_ENV_FILE_VARIABLE];
if (!file) {
  throw new Error(
    `${STACK_ENV_FILE_VARIABLE} is not set: integration tests run under the global setup of jest.config.js (npm test, or jest --selectProjects integration)`,
  );
}
const { env } = JSON.parse(readFileSync(file, 'utf8')) as StackEnvFile;
Object.assign(process.env, env);
// The handlers under serverless offline log as configured; code the tests call in-process stays
// quiet unless asked (TEST_LOG_LEVEL=INFO), and writes no EMF metric lines (TEST_METRICS=true does).
process.env.POWERTOOLS_LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'SILENT';
process.env.POWERTOOLS_METRICS_DISABLED = process.env.TEST_METRICS === 'true' ? 'false' : 'true';
