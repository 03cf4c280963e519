import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@huddle/ui';
import { App } from './App';
import { fetchRemotesManifest } from './remotes/federation';

// Asked for at once, beside the session request: the remote's URL is needed as soon as the role is known.
fetchRemotesManifest().catch(() => undefined);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// The name TanStack Query's browser devtools look for. It exposes nothing a script on this page
// could not already reach, and lets a person (or a journey) see what the cache holds, e.g. that a
// sign-out left nothing of the previous account behind.
declare global {
  interface Window {
    __TANSTACK_QUERY_CLIENT__?: QueryClient;
  }
}
window.__TANSTACK_QUERY_CLIENT__ = queryClient;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <App />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
