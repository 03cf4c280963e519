import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { bootFirstScreen } from '@huddle/api-client';
import { GUEST } from '@huddle/domain';
import type { ShellAccount } from '@huddle/ui';
import { fetchRemotesManifest } from './remotes/federation';
import { sessionRole } from './session/session-state';
import { signedInStart, startPage } from './session/useSession';
import { createQueryClient, ShellRoot } from './ShellRoot';

// Asked for at once, beside the session request: the remote's URL is needed as soon as the role is known.
fetchRemotesManifest().catch(() => undefined);

const queryClient = createQueryClient();

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

const firstScreen = bootFirstScreen();
// A first screen rendered for a signed-in visitor carries their account: the page starts signed in
// as the server rendered it, without asking for the account again.
const sessionStart = firstScreen?.account ? signedInStart(firstScreen.account as ShellAccount) : startPage();
const tree = <ShellRoot queryClient={queryClient} sessionStart={sessionStart} />;

// The shell's server rendered the first screen (tools/first-screen.mjs): the page hydrates it with
// the answers it was rendered from, at the path it was rendered for ('/' shows /dashboard). For a
// guest, the server cannot read this browser's storage: a visitor who chose to sign in (or logged
// out) is not a guest, and their page renders anew instead.
if (firstScreen && (firstScreen.account || sessionRole(sessionStart.state) === GUEST)) {
  if (window.location.pathname !== firstScreen.path) {
    window.history.replaceState(window.history.state, '', `${firstScreen.path}${window.location.search}${window.location.hash}`);
  }
  hydrate(queryClient, firstScreen.queries as DehydratedState);
  hydrateRoot(container, tree, {
    // A part that rendered differently here than on the server is rendered anew (React does so by
    // itself); said plainly, so that a journey (platform.spec) fails on it.
    onRecoverableError: (error) => console.error('Huddle: the first screen did not hydrate as the server rendered it', error),
  });
} else {
  createRoot(container).render(tree);
}
