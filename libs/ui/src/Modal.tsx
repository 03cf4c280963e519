import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { LIMITS } from '@huddle/domain';
import { cx } from './class-names';
import { Icon } from './Icon';
import { useEscapeKey } from './useEscapeKey';
import { useFocusTrap } from './useFocusTrap';
import { useScrollLock } from './useScrollLock';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hides the close button where the dialog must be answered through its own buttons. */
  hideCloseButton?: boolean;
}

/**
 * A dialog over a dimmed page. Escape and a click on the background close it (spec §2), the
 * overlay fades in and out in 200 ms, page scroll is locked, and focus stays inside while open
 * and returns to the opener afterwards.
 */
export function Modal({ open, onClose, title, children, footer, size = 'md', hideCloseButton = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Stays mounted for the closing transition after `open` turns false.
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);
  const leaving = rendered && !open;

  useEffect(() => {
    if (!leaving) return undefined;
    const timer = window.setTimeout(() => setRendered(false), LIMITS.overlayTransitionMs);
    return () => window.clearTimeout(timer);
  }, [leaving]);

  useFocusTrap(open, dialogRef);
  useScrollLock(open);
  useEscapeKey(open, onClose);

  if (!rendered) return null;

  const onBackgroundMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div className={cx('hd-overlay', leaving && 'hd-overlay--leaving')} onMouseDown={onBackgroundMouseDown}>
      <div
        ref={dialogRef}
        className={cx('hd-modal', `hd-modal--${size}`)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="hd-modal__header">
          <h2 id={titleId} className="hd-modal__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button type="button" className="hd-icon-button" onClick={onClose} aria-label="Close">
              <Icon name="close" />
            </button>
          )}
        </header>
        <div className="hd-modal__body">{children}</div>
        {footer && <footer className="hd-modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
