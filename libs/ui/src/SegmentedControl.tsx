import { cx } from './class-names';

export interface SegmentedOption<Id extends string = string> {
  id: Id;
  label: string;
}

export interface SegmentedControlProps<Id extends string> {
  /** The group's accessible name ('Chart period', 'View'). */
  label: string;
  options: readonly SegmentedOption<Id>[];
  value: Id;
  onChange: (id: Id) => void;
  className?: string;
}

/**
 * A few mutually exclusive views of the same content (a chart's weeks or months, a calendar's
 * month or week): a group of toggle buttons, the chosen one pressed. Unlike Tabs it owns no panel
 * and no arrow-key focus: each option is an ordinary button in the tab order.
 */
export function SegmentedControl<Id extends string>({ label, options, value, onChange, className }: SegmentedControlProps<Id>) {
  return (
    <div className={cx('hd-segmented', className)} role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.id} type="button" className="hd-segmented__option" aria-pressed={value === option.id} onClick={() => onChange(option.id)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
