/**
 * Development only: runs a role remote on its own page (`npm run dev -w @huddle/<remote>`) with a
 * minimal stand-in for the shell. Imported through '@huddle/ui/standalone', never from the index,
 * so it is not part of the shared @huddle/ui singleton that production pages download.
 */
import { StrictMode, useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Redirect, useLocation } from 'wouter';
import { baseUserType, isIncomplete, resolveNavigation, USER_TYPE_NAMES, type RoleCode } from '@huddle/domain';
import { Badge } from './Badge';
import { SelectField } from './SelectField';
import type { RemoteAppProps, ShellAccount, ShellContextValue } from './shell-context';
import { createLiveEventHub, SHELL_CONTRACT_VERSION } from './shell-contract';
import { ToastProvider, useToast } from './Toast';

export interface StandaloneOptions {
  /** The remote's federation name, shown in the stand-in top bar. */
  remote: string;
  /** The roles this remote serves; the first is used at start, the bar switches between them. */
  roles: readonly RoleCode[];
  /** The stand-in account for a role (null for a guest). */
  accountFor: (role: RoleCode) => ShellAccount | null;
}

function roleLabel(role: RoleCode): string {
  const userType = baseUserType(role);
  if (!userType) return role === 0 ? 'Guest' : 'Signed out';
  return isIncomplete(role) ? `${USER_TYPE_NAMES[userType]}, profile incomplete` : USER_TYPE_NAMES[userType];
}

function StandaloneShell({ App, options }: { App: ComponentType<RemoteAppProps>; options: StandaloneOptions }) {
  const [pathname, navigate] = useLocation();
  const [role, setRole] = useState<RoleCode>(options.roles[0] ?? 0);
  const [unread, setUnread] = useState(0);
  const toast = useToast();
  // The stand-in holds no notification stream: remotes can subscribe, and no event comes.
  const [events] = useState(createLiveEventHub);
  const shell = useMemo<ShellContextValue>(
    () => ({
      version: SHELL_CONTRACT_VERSION,
      role,
      account: options.accountFor(role),
      navigate,
      apiBase: '/api/v1',
      logout: () => toast.show('Logout belongs to the shell; the standalone page stays signed in.'),
      setUnread,
      setAccount: () => toast.show('The standalone page keeps its stand-in account.'),
      refreshAccount: async () => undefined,
      endSession: () => toast.show('Sessions belong to the shell; the standalone page stays signed in.'),
      events: { subscribe: events.subscribe },
    }),
    [role, options, navigate, toast, events],
  );
  // The real shell redirects paths the role may not open; the stand-in does the same.
  const navigation = resolveNavigation(pathname, role);
  if (!navigation.allowed) return <Redirect to={navigation.redirectTo} replace />;

  return (
    <>
      <header className="hd-appbar">
        <span className="hd-brand">
          <span className="hd-brand__mark" aria-hidden="true">
            H
          </span>
          {options.remote} remote
        </span>
        <span className="hd-appbar__spacer" />
        <Badge count={unread} label="unread notifications" />
        <SelectField
          label="Role"
          hideLabel
          value={String(role)}
          options={options.roles.map((code) => ({ value: String(code), label: roleLabel(code) }))}
          onChange={(event) => setRole(Number(event.target.value) as RoleCode)}
        />
      </header>
      <main className="hd-main">
        <App shell={shell} />
      </main>
    </>
  );
}

export function mountStandalone(App: ComponentType<RemoteAppProps>, options: StandaloneOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <StandaloneShell App={App} options={options} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
