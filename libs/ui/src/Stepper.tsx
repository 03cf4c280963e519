import { useEffect, useId, useState } from 'react';
import { cx } from './class-names';
import { stepValue, typedStepperValue, type StepperBounds } from './stepper-value';

export interface StepperProps extends StepperBounds {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** Text before the number, for example '$' for a rate. */
  prefix?: string;
  error?: string | null;
  disabled?: boolean;
  hideLabel?: boolean;
  /** Keep a typed value outside the bounds so the form can refuse it with its message. */
  keepTyped?: boolean;
}

/**
 * The quantity stepper (spec §5): - and + buttons around a number that can also be typed.
 * Typing is free while focused and settles inside the bounds on blur.
 */
export function Stepper({ label, value, onChange, prefix, error, disabled, hideLabel, keepTyped, ...bounds }: StepperProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const { min, max } = { min: bounds.min ?? 0, max: bounds.max ?? Number.POSITIVE_INFINITY };
  const commit = () => {
    const next = typedStepperValue(text, bounds, keepTyped);
    setText(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={cx('hd-field', error && 'hd-field--invalid')}>
      <label className={cx('hd-field__label', hideLabel && 'hd-visually-hidden')} htmlFor={id}>
        {label}
      </label>
      <div className="hd-stepper">
        <button
          type="button"
          className="hd-stepper__button"
          aria-label={`Decrease ${label}`}
          disabled={disabled || value <= min}
          onClick={() => onChange(stepValue(value, -1, bounds))}
        >
          −
        </button>
        <span className="hd-stepper__value">
          {prefix && <span aria-hidden="true">{prefix}</span>}
          <input
            id={id}
            className="hd-stepper__input"
            inputMode="numeric"
            value={text}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value.replace(/[^\d]/g, ''))}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              }
            }}
          />
        </span>
        <button
          type="button"
          className="hd-stepper__button"
          aria-label={`Increase ${label}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(stepValue(value, 1, bounds))}
        >
          +
        </button>
      </div>
      {error && (
        <p className="hd-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
