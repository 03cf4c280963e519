// Before pg-boss loads in a test file: its waits are the API's cheapDelay (modules/jobs/
// pg-boss-delay.ts), with unreferenced timers. The loop that removes stopped workers
// (Manager.offWork, a setImmediate pg-boss never awaits) and a handler's expiry timer may still
// wait after a test file's app has closed; unreferenced, they do not keep Jest's process alive
// (while tests run, Jest itself keeps it up; the API run once hung after all its suites in CI).
// cheapDelay takes no module when it runs, so such a late wait cannot meet Jest's torn-down
// require either ("Cannot destructure property 'setTimeout'", as pg-boss's own delay did, which
// requires node:timers/promises on every wait). A real process keeps referenced timers, as
// pg-boss's own.
import { installCheapDelay } from '../../src/modules/jobs/pg-boss-delay';

if (!installCheapDelay({ ref: false })) throw new Error("pg-boss loaded before the tests' unreferenced waits were installed");
