export interface ProgressBarProps {
  /** From 0 to 1. */
  value: number;
  label: string;
}

/** A determinate progress bar (uploads). */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="hd-progress">
      <div
        className="hd-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="hd-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="hd-progress__text">
        {label} {percent}%
      </span>
    </div>
  );
}
