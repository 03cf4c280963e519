import { cx } from './class-names';

export interface StepDotsProps {
  count: number;
  /** Zero-based index of the current step. */
  active: number;
}

/** The pagination dots of a wizard (profile setup). */
export function StepDots({ count, active }: StepDotsProps) {
  return (
    <ol className="hd-dots" aria-label={`Step ${active + 1} of ${count}`}>
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          className={cx('hd-dots__dot', index === active && 'hd-dots__dot--active', index < active && 'hd-dots__dot--done')}
          aria-current={index === active ? 'step' : undefined}
        />
      ))}
    </ol>
  );
}
