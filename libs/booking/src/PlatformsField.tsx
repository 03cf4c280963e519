import { PLATFORM_OPTIONS } from './booking-labels';

export interface PlatformsFieldProps {
  /** The chosen platforms (spec §3's values), in the order they were chosen. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | null;
}

/** 'Social platforms (optional)': the booking and campaign forms' multi-select, one toggle chip per platform. */
export function PlatformsField({ value, onChange, error }: PlatformsFieldProps) {
  return (
    <fieldset className="bk-platforms">
      <legend className="hd-field__label">Social platforms (optional)</legend>
      <div className="bk-platforms__options">
        {PLATFORM_OPTIONS.map((option) => {
          const chosen = value.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              className={chosen ? 'bk-chip bk-chip--on' : 'bk-chip'}
              aria-pressed={chosen}
              onClick={() => onChange(chosen ? value.filter((platform) => platform !== option.value) : [...value, option.value])}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {error && (
        <p className="hd-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
