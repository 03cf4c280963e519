// Lists the journeys that passed only on their retry (retry-setup.ts), with their first failure,
// at the end of the run and in artifacts/journey-retries.log, which .ci/run prints last: a flake
// stays visible in the tail of CI's output instead of scrolling away.
const fs = require('node:fs');
const path = require('node:path');

const LOG = path.join(__dirname, '..', '..', 'artifacts', 'journey-retries.log');

class RetryReporter {
  constructor() {
    this.retried = [];
    fs.rmSync(LOG, { force: true });
  }

  onTestResult(_test, result) {
    for (const test of result.testResults) {
      if (!test.retryReasons || test.retryReasons.length === 0) continue;
      const lines = String(test.retryReasons[0]).split('\n').filter((line) => !line.includes('node_modules'));
      const first = lines.slice(0, 14).join('\n');
      this.retried.push(`${path.basename(result.testFilePath)} > ${test.fullName}: ${test.status} on its retry\n${first}`);
    }
  }

  onRunComplete() {
    if (this.retried.length === 0) return;
    const text = `Journeys retried after a failure (${this.retried.length}):\n\n${this.retried.join('\n\n')}\n`;
    fs.mkdirSync(path.dirname(LOG), { recursive: true });
    fs.writeFileSync(LOG, text);
    process.stdout.write(`\n${text}`);
  }
}

module.exports = RetryReporter;
