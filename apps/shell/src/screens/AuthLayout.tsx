import type { ReactNode } from 'react';
import { Icon } from '@huddle/ui';
import './signed-out.css';

const POINTS = ['Personal appearances and camps', 'Video shoutouts and chats', 'Endorsement campaigns for business'];

/** The frame of the signed-out screens: brand panel beside (or above, on phones) a form card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <aside className="auth__hero">
        <span className="hd-brand">
          <span className="hd-brand__mark" aria-hidden="true">
            H
          </span>
          Huddle
        </span>
        <p className="auth__headline">
          Book college athletes for the moments that <em>matter</em>.
        </p>
        <ul className="auth__points">
          {POINTS.map((point) => (
            <li key={point}>
              <Icon name="check" size={18} />
              {point}
            </li>
          ))}
        </ul>
      </aside>
      <main className="auth__panel">
        <div className="auth__card">{children}</div>
      </main>
    </div>
  );
}
