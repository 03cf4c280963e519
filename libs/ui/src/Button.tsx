import type { ButtonHTMLAttributes } from 'react';
import { cx } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Stretches the button to its container's width (forms on small screens). */
  block?: boolean;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
}

/** The class list of a button, for links that must look like one (e.g. a router Link). */
export function buttonClassName(variant: ButtonVariant = 'primary', size: 'md' | 'sm' = 'md', block = false): string {
  return cx('hd-button', `hd-button--${variant}`, size === 'sm' && 'hd-button--sm', block && 'hd-button--block');
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={cx(buttonClassName(variant, size, block), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="hd-spinner hd-spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
