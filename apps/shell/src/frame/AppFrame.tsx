import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { firstAllowedRoute, UserType, type RoleCode } from '@huddle/domain';
import { ConfirmDialog, Icon, type ShellAccount } from '@huddle/ui';
import { SideMenu } from './SideMenu';

export interface AppFrameProps {
  role: RoleCode;
  account: ShellAccount | null;
  pathname: string;
  unread: number;
  /** Where the guest menu's Login leads: /login carrying this page in ?next=. */
  loginHref: string;
  onLogin: () => void;
  onLogout: () => void;
  children: ReactNode;
}

/** Top bar, side menu and the content area the role remote renders into. */
export function AppFrame({ role, account, pathname, unread, loginHref, onLogin, onLogout, children }: AppFrameProps) {
  // The menu is open only on the route it was opened on, so any route change closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const closeMenu = () => setMenuOpenAt(null);

  return (
    <>
      <header className="hd-appbar">
        <button
          type="button"
          className="hd-icon-button hd-menu-button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="huddle-side-menu"
          onClick={() => setMenuOpenAt(pathname)}
        >
          <Icon name="menu" size={24} />
          {unread > 0 && <span className="hd-menu-dot" aria-hidden="true" />}
        </button>
        <Link href={firstAllowedRoute(role)} className="hd-brand">
          <span className="hd-brand__mark" aria-hidden="true">
            H
          </span>
          Huddle
        </Link>
        <span className="hd-appbar__spacer" />
      </header>
      <SideMenu
        open={menuOpen}
        onClose={closeMenu}
        role={role}
        account={account}
        pathname={pathname}
        unread={unread}
        loginHref={loginHref}
        onLogin={onLogin}
        onLogout={() => {
          closeMenu();
          onLogout();
        }}
      />
      <main className="hd-main" id="main">
        {children}
      </main>
    </>
  );
}

/**
 * What logging out costs, in the words of the role's own work: an administrator manages the
 * console (users, requests, payouts), everyone else books and answers requests.
 */
export function logoutMessage(role: RoleCode | null): string {
  return role === UserType.Admin
    ? 'You will need to sign in again to manage users, requests and payouts.'
    : 'You will need to sign in again to book or manage requests.';
}

export interface LogoutConfirmProps {
  role: RoleCode | null;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function LogoutConfirm({ role, open, busy, onConfirm, onCancel }: LogoutConfirmProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Log out?"
      message={logoutMessage(role)}
      confirmLabel="Log out"
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
