/**
 * A journey drives real processes and a real Chromium on a 2-core machine: one that fails is run
 * once more, its first failure printed (and listed by retry-reporter.cjs at the end of the run and
 * of .ci/run, with every journey that failed), so a flake is seen and fixed rather than costing a
 * whole run. One that fails twice fails the run. The retry runs on the file's stack and database
 * as the other tests left them.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });
