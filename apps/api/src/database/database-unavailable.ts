import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/**
 * SQLSTATEs that say the server is going away or not there yet, not that the statement was wrong:
 * 57P01 admin_shutdown (a fast shutdown ends every session), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections, and class 08
 * (connection exceptions).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket failures of a connection to the server (refused while it is down, reset when it stops). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** node-postgres's own words for a connection lost, or never made, without a code. */
const DRIVER_MESSAGES = /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/** How long after the pool dropped a broken connection a released query runner is taken for that loss. */
const RELEASED_RUNNER_WINDOW_MS = 30_000;
/** When the pool last dropped a connection for an error (noteConnectionLost), in ms since the epoch. */
let connectionLostAt = Number.NEGATIVE_INFINITY;

/**
 * Called when TypeORM gives a connection back to the pool for an error (the server ended the
 * session, the socket closed): database.module.ts listens for it on the pool.
 */
export function noteConnectionLost(at = Date.now()): void {
  connectionLostAt = at;
}

/**
 * Whether `error` (as thrown by TypeORM or node-postgres, a QueryFailedError's driverError or an
 * AggregateError's parts included) means PostgreSQL could not be reached: the request may succeed
 * once it is back, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  // TypeORM releases a transaction's query runner when its connection reports an error (the server
  // ended the session), so the transaction's next statement or its COMMIT finds the runner
  // released: nothing of it was committed. Seen under a fast shutdown (postgres-restart.spec).
  // A statement run through the transaction's entity manager meets the same released runner one
  // step earlier, as TypeORM's 'provider already released' (a booking's INSERT under a fast
  // shutdown, found by restarting PostgreSQL in a loop under bookings). A runner used after its
  // transaction ended looks the same, and that is a bug: so only a connection lost just before counts.
  if (error instanceof QueryRunnerAlreadyReleasedError || error instanceof QueryRunnerProviderAlreadyReleasedError) {
    return Date.now() - connectionLostAt <= RELEASED_RUNNER_WINDOW_MS;
  }
  const { code, message, driverError, errors, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  const inner = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((part) => isDatabaseUnavailable(part, depth + 1));
}
