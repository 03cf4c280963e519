import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, cx, useShell } from '@huddle/ui';
import { activeAdminSection, ADMIN_SECTIONS } from './admin-sections';
import './admin-frame.css';

/**
 * The administrator's own frame (spec §2, issue 21): the tabs Users, Statistics, Pushes, Payouts,
 * Sent payouts and Money, and a Logout button. On a phone the tabs take a row of their own under the
 * brand and Logout, in a grid, so every tab shows without scrolling.
 */
export function AdminFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { logout } = useShell();
  const active = activeAdminSection(pathname);
  return (
    <>
      <header className="hd-appbar admin-bar">
        <span className="hd-brand">
          <span className="hd-brand__mark" aria-hidden="true">
            H
          </span>
          Huddle <span className="admin-bar__tag">Admin</span>
        </span>
        <nav className="admin-tabs" aria-label="Admin sections">
          {ADMIN_SECTIONS.map((section) => (
            <Link
              key={section.key}
              href={section.path}
              className={cx('admin-tabs__tab', active === section.key && 'admin-tabs__tab--active')}
              aria-current={active === section.key ? 'page' : undefined}
            >
              {section.label}
            </Link>
          ))}
        </nav>
        <Button variant="accent" size="sm" className="admin-bar__logout" onClick={logout}>
          Logout
        </Button>
      </header>
      <main className="hd-main">{children}</main>
    </>
  );
}
