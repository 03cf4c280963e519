import { lazy, memo, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { bootPreloaded } from '@huddle/api-client';
import type { RemoteName } from '@huddle/domain';
import { LoadingView, type ShellContextValue } from '@huddle/ui';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoaderContext } from './remote-loader';
import { RemoteRetryContext } from './RemoteUnavailable';

export interface RemoteOutletProps {
  remote: RemoteName;
  shell: ShellContextValue;
}

/**
 * Renders the role remote's App inside the shell frame, with a loader, an error view and Retry.
 *
 * Memoized: the shell re-renders around it (the menu's unread count, which the notification stream
 * sends as soon as it connects), and a server-rendered screen whose remote has not loaded yet is a
 * Suspense boundary still waiting to hydrate. An update reaching such a boundary makes React drop
 * the server's markup and render it anew in the browser (platform.spec: the signed-in fan's
 * dashboard with the remote's scripts slow to arrive), so only a change of its own props may.
 */
export const RemoteOutlet = memo(function RemoteOutlet({ remote, shell }: RemoteOutletProps) {
  const [attempt, setAttempt] = useState(0);
  const loadRemoteApp = useContext(RemoteLoaderContext);
  // The page's HTML preloaded this remote's files: had they failed (the remote was down), the
  // browser would answer an in-page retry with those failed preloads, so Retry loads the page again.
  const retry = useCallback(() => {
    if (bootPreloaded(remote)) window.location.reload();
    else setAttempt((n) => n + 1);
  }, [remote]);
  // A new lazy component per attempt: React caches a lazy's outcome, so a retry needs a new one.
  const RemoteApp = useMemo(() => lazy(() => loadRemoteApp(remote, attempt)), [loadRemoteApp, remote, attempt]);

  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} remote={remote}>
        <Suspense fallback={<LoadingView />}>
          <RemoteApp shell={shell} />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
});
