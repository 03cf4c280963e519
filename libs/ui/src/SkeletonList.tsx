import { LIMITS } from '@huddle/domain';
import { cx } from './class-names';

export interface SkeletonListProps {
  /** How many placeholders; the spec's loaders show 20. */
  count?: number;
  /** Cards for the athlete grid, rows for lists such as notifications. */
  variant?: 'card' | 'row';
  label?: string;
}

export function SkeletonList({ count = LIMITS.skeletonPlaceholders, variant = 'row', label = 'Loading' }: SkeletonListProps) {
  return (
    <div
      className={cx('hd-skeleton-list', `hd-skeleton-list--${variant}`)}
      role="status"
      aria-busy="true"
      aria-live="polite"
    >
      <span className="hd-visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`hd-skeleton hd-skeleton--${variant}`} aria-hidden="true">
          {variant === 'card' ? (
            <>
              <div className="hd-skeleton__media" />
              <div className="hd-skeleton__line" />
              <div className="hd-skeleton__line hd-skeleton__line--short" />
            </>
          ) : (
            <>
              <div className="hd-skeleton__avatar" />
              <div className="hd-skeleton__lines">
                <div className="hd-skeleton__line" />
                <div className="hd-skeleton__line hd-skeleton__line--short" />
              </div>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
