import { useId } from 'react';
import { cx } from './class-names';
import { ratingLabel, starFills } from './star-fills';

export interface StarRatingProps {
  value: number;
  /** With a handler the stars are a radio group the user rates with; without one they only show. */
  onChange?: (value: number) => void;
  max?: number;
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

function Star({ fill }: { fill: 'full' | 'half' | 'empty' }) {
  const clipId = useId();
  return (
    <svg className={cx('hd-star', `hd-star--${fill}`)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {fill === 'half' && (
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
        </defs>
      )}
      <path d={STAR} className="hd-star__track" />
      {fill !== 'empty' && (
        <path d={STAR} className="hd-star__fill" clipPath={fill === 'half' ? `url(#${clipId})` : undefined} />
      )}
    </svg>
  );
}

export function StarRating({ value, onChange, max = 5, label = 'Rating', size = 'md' }: StarRatingProps) {
  const fills = starFills(value, max);
  if (!onChange) {
    return (
      <span className={cx('hd-rating', `hd-rating--${size}`)} role="img" aria-label={ratingLabel(value, max)}>
        {fills.map((fill, index) => (
          <Star key={index} fill={fill} />
        ))}
      </span>
    );
  }
  return (
    <div className={cx('hd-rating', 'hd-rating--input', `hd-rating--${size}`)} role="radiogroup" aria-label={label}>
      {fills.map((fill, index) => {
        const starValue = index + 1;
        return (
          <button
            key={starValue}
            type="button"
            role="radio"
            aria-checked={Math.round(value) === starValue}
            aria-label={`${starValue} ${starValue === 1 ? 'star' : 'stars'}`}
            className="hd-rating__star"
            onClick={() => onChange(starValue)}
          >
            <Star fill={fill} />
          </button>
        );
      })}
    </div>
  );
}
