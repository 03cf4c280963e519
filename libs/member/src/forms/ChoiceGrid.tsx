import { cx } from '@huddle/ui';

export interface Choice {
  id: number;
  name: string;
  /** A second line (a school's conference, a team's school). */
  detail?: string;
}

export interface ChoiceGridProps {
  label: string;
  choices: readonly Choice[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  /** Single choice reads as radio buttons, multiple as checkboxes. */
  multiple: boolean;
  error?: string | null;
}

/** A grid of choices, 5 per row on wide screens (spec §9: sport and school grids). */
export function ChoiceGrid({ label, choices, selected, onToggle, multiple, error }: ChoiceGridProps) {
  return (
    <div className={cx('hd-field', error && 'hd-field--invalid')}>
      <div className="mb-grid" role={multiple ? 'group' : 'radiogroup'} aria-label={label}>
        {choices.map((choice) => {
          const on = selected.includes(choice.id);
          return (
            <button
              key={choice.id}
              type="button"
              role={multiple ? 'checkbox' : 'radio'}
              aria-checked={on}
              className={cx('mb-grid__choice', on && 'mb-grid__choice--on')}
              onClick={() => onToggle(choice.id)}
            >
              <span className="mb-grid__name" title={choice.name}>
                {choice.name}
              </span>
              {choice.detail && <span className="mb-grid__detail">{choice.detail}</span>}
            </button>
          );
        })}
      </div>
      {error && (
        <p className="hd-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Adds or removes an id from a multiple choice. */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}
