import { useId, type SelectHTMLAttributes } from 'react';
import { cx } from './class-names';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** Hides the label visually (it stays for screen readers) where the layout labels the control. */
  hideLabel?: boolean;
}

export function SelectField({ label, options, hideLabel = false, className, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cx('hd-field', className)}>
      <label className={cx('hd-field__label', hideLabel && 'hd-visually-hidden')} htmlFor={id}>
        {label}
      </label>
      <select {...rest} id={id} className="hd-field__input hd-field__select">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
