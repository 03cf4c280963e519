// One lint configuration for every project; each project's `lint` target runs eslint on its own sources.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Each project lints from its own folder; element patterns are relative to the workspace root.
const ROOT = dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../*'], message: 'Use a workspace path alias instead of a deep relative import.' },
            { group: ['@huddle/*-mfe', '@huddle/shell', '@huddle/api'], message: 'An app never imports another app.' },
          ],
        },
      ],
    },
  },
  {
    // CommonJS files (webpack and jest configuration, tooling) load their dependencies with require.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Architecture boundaries (issue 9). Elements are the API's modules, the remotes, the shell and
    // two libs; imports are resolved through tsconfig.base.json's paths, so '@huddle/api-client'
    // is libs/api-client like a relative path would be.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': ROOT,
      'import/resolver': { typescript: { project: join(ROOT, 'tsconfig.base.json'), alwaysTryTypes: true } },
      'boundaries/elements': [
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
        { type: 'remote', pattern: 'apps/*-mfe', capture: ['remote'] },
        { type: 'shell', pattern: 'apps/shell' },
        { type: 'ui-lib', pattern: 'libs/ui' },
        { type: 'api-client-lib', pattern: 'libs/api-client' },
      ],
    },
    rules: {
      // The last policy that matches a dependency decides it.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'remote' } },
              disallow: { to: { element: { types: { anyOf: ['remote', 'shell'] } } } },
              message: 'A remote never imports another remote or the shell: shared code lives in a lib, the shell contract in libs/ui.',
            },
            {
              from: { element: { type: 'ui-lib' } },
              disallow: { to: { element: { type: 'api-client-lib' } } },
              message: 'libs/ui never imports libs/api-client: it draws what it is given, and the screens fetch.',
            },
            // An API module reaches another only through its public files: the Nest module (to
            // import it), its root-level services, its domain events and its DTOs (API shapes that
            // others compose). Entities, repositories, read models, controllers and helpers stay private.
            {
              from: { element: { type: 'api-module' } },
              disallow: { to: { element: { type: 'api-module' } } },
              message:
                'An API module reaches another only through its public files (x.module.ts, *.service.ts, *-events.ts, *.decorator.ts, dto/): entities, repositories and queries never cross modules.',
            },
            {
              from: { element: { type: 'api-module' } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: ['*.module.ts', '*.service.ts', '*-events.ts', '*.decorator.ts', 'dto/**'] } } },
            },
          ],
        },
      ],
    },
  },
);
