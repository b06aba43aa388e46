import path from 'node:path';

/** The project's root directory (where serverless.yml is). */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

/** The Serverless stage the local stack runs. */
export const LOCAL_STAGE = 'local';
