import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const functionsFromLib = { group: ['**/functions/**'], message: 'lib/ never imports from functions/.' };
const classicZod =
  "Cold start: classic zod costs each function 15-20 % of it; runtime schemas use zod/mini, `import * as z from '../zod'` (lib/zod.ts). Classic zod is for lib/openapi and lib/schemas/responses, build-time only.";

export default tseslint.config(
  { ignores: ['node_modules/', '.serverless/', '.esbuild/', '.esbuild-*/', '.local/', 'coverage/', 'client/dist/', '*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // serverless.yml's own plugins and variable sources: CommonJS, as the Framework requires them.
    files: ['deploy/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __filename: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [functionsFromLib] }],
    },
  },
  {
    // Runtime code builds its schemas with zod/mini (lib/zod.ts).
    files: ['lib/**', 'functions/**'],
    ignores: ['lib/schemas/responses/**', 'lib/openapi/**', 'lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['zod', 'zod/v4'].map((name) => ({ name, message: classicZod })),
            ...['zod/mini', 'zod/v4/mini'].map((name) => ({
              name,
              message: 'Import * as z from lib/zod.ts, which configures English messages once for every schema.',
            })),
          ],
          patterns: [functionsFromLib],
        },
      ],
    },
  },
  {
    files: ['lib/**', 'functions/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // zod/mini's own namespace object, re-exported: a bundle that imports it keeps all of zod/mini.
          selector:
            "ImportDeclaration[importKind='value'][source.value=/^\\.\\.?\\/(.*\\/)?zod$/] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message:
            "Import lib/zod.ts as a namespace, `import * as z from '../zod'`: `import { z }` bundles all of zod/mini, every locale included (about 400 KB).",
        },
        {
          selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message:
            'No `as unknown as` in runtime code: map the value to its type (a stored item through its reader, lib/store/stored-entity.ts; outside data through its schema).',
        },
      ],
    },
  },
  {
    // The persistence edge is checked with types: an item becomes an entity through its reader
    // (lib/store/stored-entity.ts), never by a cast that narrows what the table gave back.
    files: ['lib/store/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-unsafe-type-assertion': 'error' },
  },
);
