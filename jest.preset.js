// Shared Jest preset: @swc/jest compiles TypeScript (with decorator metadata for NestJS) and the
// workspace path aliases resolve to library sources, so tests never depend on a prior build.
const path = require('path');

const aliases = {
  '^@huddle/domain$': path.join(__dirname, 'libs/domain/src/index.ts'),
  '^@huddle/api-client$': path.join(__dirname, 'libs/api-client/src/index.ts'),
  '^@huddle/ui$': path.join(__dirname, 'libs/ui/src/index.ts'),
};

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: aliases,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
};
