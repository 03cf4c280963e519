// Shared Jest preset: @swc/jest compiles TypeScript (with decorator metadata for NestJS) and the
// workspace path aliases resolve to library sources, so tests never depend on a prior build.
const path = require('path');

const aliases = {
  '^@huddle/domain$': path.join(__dirname, 'libs/domain/src/index.ts'),
  '^@huddle/domain/format$': path.join(__dirname, 'libs/domain/src/format/index.ts'),
  '^@huddle/domain/request-details$': path.join(__dirname, 'libs/domain/src/request-details.ts'),
  // Who is told of each step a request takes: the API's alone, so off the shared singleton too.
  '^@huddle/domain/notifications$': path.join(__dirname, 'libs/domain/src/notifications.ts'),
  // NIL disclosure rules (issue 23): the API and the athlete's locker room only.
  '^@huddle/domain/nil$': path.join(__dirname, 'libs/domain/src/nil.ts'),
  // The administrator's rules (messages, counters, custom pushes, CSV cells): off the guest's first screen.
  '^@huddle/domain/admin$': path.join(__dirname, 'libs/domain/src/admin.ts'),
  // Week and month boundaries in the viewer's time zone: the API's counters only.
  '^@huddle/domain/periods$': path.join(__dirname, 'libs/domain/src/periods.ts'),
  // The request state machine (actions, timers, money steps) and the payout rules: the API's, and
  // a few screens' that load after the first.
  '^@huddle/domain/request-actions$': path.join(__dirname, 'libs/domain/src/request-actions.ts'),
  '^@huddle/domain/payouts$': path.join(__dirname, 'libs/domain/src/payouts.ts'),
  '^@huddle/api-client$': path.join(__dirname, 'libs/api-client/src/index.ts'),
  '^@huddle/api-client/file-download$': path.join(__dirname, 'libs/api-client/src/file-download.ts'),
  '^@huddle/ui$': path.join(__dirname, 'libs/ui/src/index.ts'),
  '^@huddle/ui/shell-contract$': path.join(__dirname, 'libs/ui/src/shell-contract.ts'),
  // Specs only: a shell to render screens in (testShell).
  '^@huddle/ui/testing$': path.join(__dirname, 'libs/ui/src/testing.ts'),
  '^@huddle/discovery$': path.join(__dirname, 'libs/discovery/src/index.ts'),
  '^@huddle/requests$': path.join(__dirname, 'libs/requests/src/index.ts'),
  '^@huddle/booking$': path.join(__dirname, 'libs/booking/src/index.ts'),
  // The business's campaign form: an entry of its own, so the fan remote does not carry its chunk.
  '^@huddle/booking/campaign$': path.join(__dirname, 'libs/booking/src/campaign/index.ts'),
  '^@huddle/ui/file-upload$': path.join(__dirname, 'libs/ui/src/FileUploadField.tsx'),
  '^@huddle/member$': path.join(__dirname, 'libs/member/src/index.ts'),
  // Stylesheets are the bundler's concern; tests of components see an empty module.
  '\\.css$': path.join(__dirname, 'tools/jest/style-stub.js'),
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
  // wouter ships only ES modules; it is compiled like our sources so screen tests can import it.
  transformIgnorePatterns: ['/node_modules/(?!wouter/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
};
