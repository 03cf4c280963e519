// Journeys start real processes (API with its own embedded PostgreSQL, static servers) and a real
// Chromium, so they run one file at a time with generous timeouts.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'e2e',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testTimeout: 120000,
  maxWorkers: 1,
  // A failed journey runs once more, its first failure printed and listed at the end (support/retry-setup.ts).
  setupFilesAfterEnv: ['<rootDir>/src/support/retry-setup.ts'],
  reporters: ['default', '<rootDir>/src/support/retry-reporter.cjs'],
};
