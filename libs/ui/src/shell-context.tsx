import { createContext, useContext, type ReactNode } from 'react';
import type { RoleCode, UserTypeCode } from '@huddle/domain';

/**
 * The signed-in account as the shell knows it: the fields of the API's account (AccountDto) that
 * routing and the frame need. Declared here, not picked from @huddle/api-client: libs/ui never
 * imports the API client (a lint boundary); an AccountDto is assignable to it.
 */
export interface ShellAccount {
  id: string;
  user_type: UserTypeCode;
  profile_completed: boolean;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  profile_photo?: string | null;
}

/**
 * What the shell hands a role remote: the contract between host and remotes. A remote's App
 * receives it as the `shell` prop and provides it to its screens with ShellContextProvider.
 */
export interface ShellContextValue {
  role: RoleCode;
  account: ShellAccount | null;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Base of the API calls, '/api/v1' on the shell's origin (its server proxies to the API). */
  apiBase: string;
  /** Ends the session (or the guest visit) and returns to the sign-in screen. */
  logout: () => void;
  /** Sets the unread-notification count the shell's menu shows. */
  setUnread: (count: number) => void;
  /**
   * Makes this the signed-in account (an answer of the API that carries it: the wizard's Submit,
   * a profile edit). Its role picks the routes and the remote, so a finished wizard (11, 12, 13)
   * lands on the complete role's first route.
   */
  setAccount: (account: ShellAccount) => void;
  /** Asks the API for the signed-in account again and takes its answer as setAccount does. */
  refreshAccount: () => Promise<void>;
  /**
   * Forgets a session the API has already ended (the account was deleted): the sign-in screens
   * show at once, with no logout confirmation and no logout call.
   */
  endSession: () => void;
}

export interface RemoteAppProps {
  shell: ShellContextValue;
}

const ShellContext = createContext<ShellContextValue | null>(null);

export function ShellContextProvider({ value, children }: { value: ShellContextValue; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell needs the shell context: render screens inside a remote App.');
  return value;
}
