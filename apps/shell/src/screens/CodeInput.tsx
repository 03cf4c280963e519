import { useId, useRef, type KeyboardEvent } from 'react';
import { cx } from '@huddle/ui';
import { enterCode, typedInCell } from './code-input-value';

export interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Spec §5: 6 fields by default. */
  length: number;
  error?: string;
}

/** A one-time code typed into one field per digit; pasting a whole code fills every field. */
export function CodeInput({ label, value, onChange, length, error }: CodeInputProps) {
  const id = useId();
  const fields = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => fields.current[index]?.focus();

  const type = (index: number, typed: string) => {
    const next = enterCode(value, index, typed, length);
    onChange(next.code);
    focus(next.focus);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      type(index - 1, '');
    } else if (event.key === 'ArrowLeft' && index > 0) focus(index - 1);
    else if (event.key === 'ArrowRight' && index < length - 1) focus(index + 1);
  };

  return (
    <div className={cx('hd-field', error && 'hd-field--invalid')}>
      <span className="hd-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="code-input" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              fields.current[index] = element;
            }}
            className="code-input__cell"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            value={value[index] ?? ''}
            onChange={(event) => type(index, typedInCell(event.target.value, value[index] ?? ''))}
            onPaste={(event) => {
              event.preventDefault();
              type(index, event.clipboardData.getData('text'));
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="hd-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
