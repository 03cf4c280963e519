import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from './class-names';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: string;
  /** Shows 'used / max' under the field when a maximum length applies. */
  showCount?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, showCount, className, ref, value, maxLength, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error || hint;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <div className={cx('hd-field', error && 'hd-field--invalid', className)}>
      <label className="hd-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...rest}
        ref={ref}
        id={id}
        value={value}
        maxLength={maxLength}
        className="hd-field__input hd-field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      />
      <div className="hd-field__foot">
        {message ? (
          <p id={messageId} className={error ? 'hd-field__error' : 'hd-field__hint'} role={error ? 'alert' : undefined}>
            {message}
          </p>
        ) : (
          <span />
        )}
        {showCount && maxLength !== undefined && (
          <span className="hd-field__hint">
            {length} / {maxLength}
          </span>
        )}
      </div>
    </div>
  );
}
