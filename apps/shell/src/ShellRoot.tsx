import { StrictMode } from 'react';
import { Router } from 'wouter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@huddle/ui';
import { App } from './App';
import { RemoteLoaderContext, type RemoteLoader } from './remotes/remote-loader';
import { loadRemoteApp } from './remotes/federation';
import type { PageStart } from './session/useSession';

/** The page's query cache: answers stay fresh for 30 s, a failed request is retried once (unless `retry` says otherwise). */
export function createQueryClient({ retry = 1 }: { retry?: number | false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: false },
    },
  });
}

export interface ShellRootProps {
  queryClient: QueryClient;
  /** How the page starts, when already known (see useSession). */
  sessionStart?: PageStart;
  /** The path and query rendered on the server; the browser reads its own location. */
  ssrPath?: string;
  ssrSearch?: string;
  remoteLoader?: RemoteLoader;
}

/**
 * The shell's whole tree, the same on the server that renders a guest's first screen and in the
 * browser that hydrates it (src/server/first-screen.tsx, bootstrap.tsx): hydration needs the two to
 * match element for element.
 */
export function ShellRoot({ queryClient, sessionStart, ssrPath, ssrSearch, remoteLoader = loadRemoteApp }: ShellRootProps) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RemoteLoaderContext.Provider value={remoteLoader}>
              <App sessionStart={sessionStart} />
            </RemoteLoaderContext.Provider>
          </ToastProvider>
        </QueryClientProvider>
      </Router>
    </StrictMode>
  );
}
