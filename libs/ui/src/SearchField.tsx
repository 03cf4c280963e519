import { useId, type InputHTMLAttributes } from 'react';
import { cx } from './class-names';
import { Icon } from './Icon';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
}

/** A search box with a visually hidden label and a leading magnifier. */
export function SearchField({ label, className, ...rest }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cx('hd-search', className)}>
      <label className="hd-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <span className="hd-search__icon">
        <Icon name="search" size={18} />
      </span>
      <input {...rest} id={id} type="search" className="hd-field__input hd-search__input" />
    </div>
  );
}
