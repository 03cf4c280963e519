import { useRef } from 'react';
import { Link } from 'wouter';
import { isMenuEntryActive, menuEntriesFor, type MenuEntry, type RoleCode } from '@huddle/domain';
import { fullName } from '@huddle/domain/format';
import { Badge, cx, Icon, useEscapeKey, useFocusTrap, useScrollLock, type ShellAccount } from '@huddle/ui';

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  role: RoleCode;
  account: ShellAccount | null;
  pathname: string;
  unread: number;
  /** Where Login leads: /login carrying this page in ?next=, so signing in comes back here. */
  loginHref: string;
  /** Login ends the guest visit before the sign-in screen shows (spec §2). */
  onLogin: () => void;
  /** Logout asks for confirmation first (spec §8). */
  onLogout: () => void;
}

function accountLabel(account: ShellAccount | null): string {
  if (!account) return 'Browsing as a guest';
  return fullName(account) || account.email;
}

/**
 * The side menu of spec §2: entries by role, active highlighting, unread badge, scroll lock. Over
 * the dimmed page it holds focus like a modal: in on open (its close button), Tab cycles inside,
 * Escape closes, and focus goes back to the menu button.
 */
export function SideMenu({ open, onClose, role, account, pathname, unread, loginHref, onLogin, onLogout }: SideMenuProps) {
  const menuRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useScrollLock(open);
  useEscapeKey(open, onClose);
  useFocusTrap(open, menuRef, closeRef);

  if (!open) return null;

  const renderEntry = (entry: MenuEntry) => {
    if (entry.path === null) {
      return (
        <button key={entry.key} type="button" className="hd-menu-item" onClick={onLogout}>
          <span className="hd-menu-item__label">{entry.label}</span>
        </button>
      );
    }
    const active = isMenuEntryActive(entry, pathname);
    return (
      <Link
        key={entry.key}
        href={entry.key === 'login' ? loginHref : entry.path}
        className={cx('hd-menu-item', active && 'hd-menu-item--active')}
        aria-current={active ? 'page' : undefined}
        onClick={entry.key === 'login' ? onLogin : onClose}
      >
        <span className="hd-menu-item__label">{entry.label}</span>
        {entry.key === 'notifications' && <Badge count={unread} label="unread notifications" />}
      </Link>
    );
  };

  return (
    <>
      <div className="hd-drawer-overlay" onClick={onClose} aria-hidden="true" />
      <nav ref={menuRef} className="hd-drawer" aria-label="Main menu" id="huddle-side-menu">
        <div className="hd-drawer__header">
          <span className="hd-brand hd-brand--dark">
            <span className="hd-brand__mark" aria-hidden="true">
              H
            </span>
            Huddle
          </span>
          <button ref={closeRef} type="button" className="hd-icon-button" onClick={onClose} aria-label="Close menu">
            <Icon name="close" />
          </button>
        </div>
        <div className="hd-drawer__nav">{menuEntriesFor(role).map(renderEntry)}</div>
        <p className="hd-drawer__account">{accountLabel(account)}</p>
      </nav>
    </>
  );
}
