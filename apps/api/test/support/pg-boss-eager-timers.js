// pg-boss 10 requires node:timers/promises inside its delay() on every wait. The loop that removes
// stopped workers (Manager.offWork, a setImmediate it never awaits) may still wait once after a
// test file's app has closed; by then Jest has torn the file's environment down and refuses every
// require, so the suite fails ("Cannot destructure property 'setTimeout'") after all its tests
// passed, more often the more queues the API has. Before pg-boss loads in a test file, its tools
// module gets the same delay with the timers module taken now; worker.js, manager.js, boss.js and
// index.js destructure delay from this cached module when they load. Tests only: a real process
// never tears its require down.
const tools = require('pg-boss/src/tools');
const { setTimeout: wait } = require('node:timers/promises');

tools.delay = function delay(ms, error) {
  const controller = new AbortController();
  const promise = new Promise((resolve, reject) => {
    // Unreferenced: a loop still waiting once a file's app closed must not keep Jest's process
    // alive (while tests run, Jest itself keeps the process up).
    wait(ms, null, { signal: controller.signal, ref: false })
      .then(() => (error ? reject(new Error(error)) : resolve()))
      .catch(resolve);
  });
  promise.abort = () => {
    if (!controller.signal.aborted) controller.abort();
  };
  return promise;
};
