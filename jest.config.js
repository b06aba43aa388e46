/**
 * Three projects, one `jest --runInBand` (npm test):
 * - unit: tests/unit, no emulator, nothing to start, quick.
 * - slow: tests/slow, no emulator either, but builds, copies of the project, a model trained, whole
 *   documents and calls, or the provider against its fake over HTTP.
 * - integration: tests/integration and tests/e2e against one local stack (DynamoDB Local, fauxqs,
 *   serverless offline and the SQS poller) that the global setup starts once on free ports and the
 *   global teardown stops; tests/helpers/stack-env.ts hands its endpoints to every test file.
 *   Jest runs a project's global setup only when at least one of its tests is selected, so
 *   `jest tests/unit` starts nothing.
 */
const transform = { '^.+\\.ts$': ['@swc/jest'] };

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/tests/unit'],
      testMatch: ['**/*.test.ts'],
      transform,
      setupFiles: ['<rootDir>/tests/helpers/unit-env.ts'],
    },
    {
      // What needs no emulator but takes long: builds, copies of the project, a browser found.
      displayName: 'slow',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/tests/slow'],
      testMatch: ['**/*.test.ts'],
      transform,
      setupFiles: ['<rootDir>/tests/helpers/unit-env.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/tests'],
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts', '<rootDir>/tests/e2e/**/*.test.ts'],
      transform,
      globalSetup: '<rootDir>/tests/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/tests/helpers/global-teardown.ts',
      setupFiles: ['<rootDir>/tests/helpers/stack-env.ts', '<rootDir>/tests/helpers/one-connection-per-request.ts'],
      // 120 s a test (a project's own testTimeout is ignored by jest: see the file for why so long).
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/integration-timeout.ts'],
    },
  ],
};
