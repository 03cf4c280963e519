// Lists the journeys that were retried after a failure (retry-setup.ts), whether the retry passed
// or failed, the journeys that failed without a retry (a failed beforeAll fails every test of its
// file before any runs, and jest does not retry those), and the files that could not run, each
// with its first error: at the end of the run and in artifacts/journey-retries.log, which .ci/run
// prints last, so a flake stays visible in the tail of CI's output instead of scrolling away.
const fs = require('node:fs');
const path = require('node:path');

const LOG = path.join(__dirname, '..', '..', 'artifacts', 'journey-retries.log');

function firstLines(text) {
  return String(text)
    .split('\n')
    .filter((line) => !line.includes('node_modules'))
    .slice(0, 14)
    .join('\n');
}

class RetryReporter {
  constructor() {
    this.entries = [];
    fs.rmSync(LOG, { force: true });
  }

  onTestResult(_test, result) {
    const file = path.basename(result.testFilePath);
    if (result.testExecError) this.entries.push(`${file}: could not run\n${firstLines(result.testExecError.message)}`);
    for (const test of result.testResults) {
      const retried = test.retryReasons && test.retryReasons.length > 0;
      if (retried) this.entries.push(`${file} > ${test.fullName}: retried, ${test.status} on its retry\n${firstLines(test.retryReasons[0])}`);
      else if (test.status === 'failed') this.entries.push(`${file} > ${test.fullName}: failed\n${firstLines(test.failureMessages[0] ?? '')}`);
    }
  }

  onRunComplete() {
    if (this.entries.length === 0) return;
    const text = `Journeys retried after a failure, or failed (${this.entries.length}):\n\n${this.entries.join('\n\n')}\n`;
    fs.mkdirSync(path.dirname(LOG), { recursive: true });
    fs.writeFileSync(LOG, text);
    process.stdout.write(`\n${text}`);
  }
}

module.exports = RetryReporter;
