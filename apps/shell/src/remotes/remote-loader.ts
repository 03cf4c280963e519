import { createContext } from 'react';
import type { RemoteName } from '@huddle/domain';
import { loadRemoteApp, type RemoteAppModule } from './federation';

/** How the outlet gets a role remote's App: through federation in the browser, from the remote's server build on the shell's server. */
export type RemoteLoader = (remote: RemoteName, attempt: number) => Promise<RemoteAppModule>;

export const RemoteLoaderContext = createContext<RemoteLoader>(loadRemoteApp);
