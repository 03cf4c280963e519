import type { ReactNode } from 'react';

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A line under the label. */
  description?: ReactNode;
}

/** An on/off toggle: a checkbox with the switch role, so it reads as 'on' or 'off'. */
export function Switch({ label, checked, onChange, disabled, description }: SwitchProps) {
  return (
    <label className="hd-switch">
      <span className="hd-switch__text">
        <span className="hd-switch__label">{label}</span>
        {description && <span className="hd-switch__description">{description}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="hd-switch__input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="hd-switch__track" aria-hidden="true" />
    </label>
  );
}
