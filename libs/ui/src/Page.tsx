import type { ReactNode } from 'react';
import { cx } from './class-names';
import { Icon } from './Icon';

export interface PageProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Buttons on the title row (e.g. 'Create campaign'). */
  actions?: ReactNode;
  /** Shows a back arrow before the title. */
  onBack?: () => void;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** The frame of a screen: heading row and content, centred with a readable width. */
export function Page({ title, subtitle, actions, onBack, width = 'wide', children }: PageProps) {
  return (
    <section className={cx('hd-page', `hd-page--${width}`)}>
      <header className="hd-page__header">
        {onBack && (
          <button type="button" className="hd-icon-button" onClick={onBack} aria-label="Back">
            <Icon name="back" />
          </button>
        )}
        <div className="hd-page__heading">
          <h1 className="hd-page__title">{title}</h1>
          {subtitle && <p className="hd-page__subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="hd-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A titled card for a region of a screen (a placeholder until its data arrives, a form section). */
export function Panel({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cx('hd-panel', className)}>
      {title && <h2 className="hd-panel__title">{title}</h2>}
      {children}
    </section>
  );
}
