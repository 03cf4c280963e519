import { stopStartedEmbeddedPostgres } from './database/embedded-postgres';

export const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Until the process's own orderly stop is in place (Nest's shutdown hooks, the cluster
 * supervisor's handlers), a stop signal must still take the embedded PostgreSQL down with it
 * instead of leaving it holding the port and data directory. Returns the function that hands over.
 */
export function stopOnSignalDuringStart(): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    void stopStartedEmbeddedPostgres().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
  };
  for (const signal of SHUTDOWN_SIGNALS) process.once(signal, onSignal);
  return () => {
    for (const signal of SHUTDOWN_SIGNALS) process.removeListener(signal, onSignal);
  };
}
