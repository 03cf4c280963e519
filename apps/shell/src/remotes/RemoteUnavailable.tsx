import { createContext, useContext } from 'react';
import { MESSAGES } from '@huddle/domain';
import { ErrorView } from '@huddle/ui';

/** Retry for the remote on screen, provided by RemoteOutlet. */
export const RemoteRetryContext = createContext<() => void>(() => undefined);

/** What the shell shows in place of a remote that could not be loaded. */
export function RemoteUnavailable() {
  const retry = useContext(RemoteRetryContext);
  return <ErrorView message={MESSAGES.remoteLoadFailed} onRetry={retry} />;
}
