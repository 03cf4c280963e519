#!/usr/bin/env node
// The floor of `npm run bench:booking`: the bare driver's booking (booking-bare.mjs) behind a plain
// `node:http` server with no framework, so the benchmark can tell what putting the calls behind HTTP
// costs (parsing, JSON, a second process on the same cores) from what the API's framework adds.
//
//   node tools/bench/booking-bare-http.mjs <database url> <port> <workers>
//
// Same shape as the API: `workers` processes (node:cluster) on one port, each with the API's pools
// (10 connections for the calls, 4 for the job queue) and its own job workers polling every queue
// the API polls; a commit wakes this process's worker of the queue, as in the API. Each call is
// `POST /api/v1/<call>` with a JSON body and runs the bare driver's call: every statement the API
// runs for it, in its transactions (the rate limits' and the checkout guard's included). No
// session, validation, guards, security headers or Nest around them, and the answer is the call's
// small result, not the request's view (whose statements it runs all the same): so it is a lower
// bound of any HTTP server answering these calls. It connects as the benchmark's floor role.
// Its queues are "floor." + the API's queue name (booking-load.mjs creates them before it starts).
import cluster from 'node:cluster';
import http from 'node:http';
import { bareBookingFlow, loadApiStatements } from './booking-bare.mjs';
import { requireFromApi } from './bench-support.mjs';

export const FLOOR_QUEUE_PREFIX = 'floor.';
const POOL_SIZE = 10;
const JOB_POOL_SIZE = 4;
// A body larger than this is refused: the load generator's are a few hundred bytes.
const MAX_BODY_BYTES = 64 * 1024;

/** The call's result as the load generator needs it; a request refused as the API refuses it is 409. */
function handlerOf(flow) {
  const { calls } = flow;
  return {
    book: ({ fan, athleteId, booking }) => calls.book(fan, athleteId, booking),
    sheet: async ({ fan, request }) => (await calls.sheet(fan, request), { secret: request.secret }),
    confirm: async ({ fan, request }) => (await calls.confirm(fan, request), {}),
    setPaid: async ({ fan, request }) => (await calls.setPaid(fan, request), {}),
    list: ({ athlete }) => calls.list(athlete),
    accept: async ({ athlete, request }) => (await calls.accept(athlete, request), {}),
    decline: async ({ athlete, request }) => (await calls.decline(athlete, request), {}),
    cancel: async ({ fan, request }) => (await calls.cancel(fan, request), {}),
  };
}

function send(response, status, value) {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

async function serve(databaseUrl, port) {
  const { Pool } = requireFromApi('pg');
  const pool = new Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const jobPool = new Pool({ connectionString: databaseUrl, max: JOB_POOL_SIZE });
  const flow = bareBookingFlow(pool, jobPool, loadApiStatements(requireFromApi), { prefix: FLOOR_QUEUE_PREFIX });
  await flow.createQueues();
  flow.startJobs(1);
  const handlers = handlerOf(flow);

  const server = http.createServer((request, response) => {
    const name = request.url?.replace(/^\/api\/v1\//, '') ?? '';
    const handler = request.method === 'POST' && Object.hasOwn(handlers, name) ? handlers[name] : null;
    if (!handler) return send(response, 404, { message: `No call ${request.method} ${request.url}` });
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) return send(response, 413, { message: 'Body too large' });
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(response, 400, { message: 'Body is not JSON' });
      }
      handler(body).then(
        (result) => send(response, 200, result ?? {}),
        // The double-booking constraint, or a change that found the request already moved on.
        (error) => (error.code === '23P01' || error.code === 'conflict' ? send(response, 409, { message: error.message }) : send(response, 500, { message: error.message })),
      );
    });
  });
  server.listen(port, '127.0.0.1');
  // Failures of the job handlers are the benchmark's to report: a worker prints them when asked to stop.
  process.on('SIGTERM', () => {
    server.close();
    flow.stop().then(() => {
      if (flow.failures.length) console.error(`floor ${process.pid}: ${flow.failures.length} job(s) failed, first: ${flow.failures[0]}`);
      return Promise.all([pool.end(), jobPool.end()]);
    }).finally(() => process.exit(flow.failures.length ? 2 : 0));
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [databaseUrl, port, workers] = process.argv.slice(2);
  if (cluster.isPrimary && Number(workers) > 1) {
    for (let index = 0; index < Number(workers); index += 1) cluster.fork();
    let exited = 0;
    let failed = false;
    let stopping = false;
    const stopWorkers = () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    };
    cluster.on('exit', (_worker, code) => {
      // A process that ends before it is asked to would leave a smaller server measured: all stop, and the run fails.
      if (!stopping) {
        console.error(`floor: a process ended early (code ${code}); stopping the others`);
        stopping = true;
        failed = true;
        stopWorkers();
      }
      failed ||= code !== 0;
      exited += 1;
      if (exited === Number(workers)) process.exit(failed ? 2 : 0);
    });
    process.on('SIGTERM', () => {
      stopping = true;
      stopWorkers();
    });
  } else {
    serve(databaseUrl, Number(port)).catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
}
