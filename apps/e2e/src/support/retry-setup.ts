/**
 * A journey drives real processes and a real Chromium on a 2-core machine: one that fails is run
 * once more, its first failure printed (and listed by retry-reporter.cjs at the end of the run and
 * of .ci/run), so a flake is seen and fixed rather than costing a whole run. One that fails twice
 * fails the run.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });
