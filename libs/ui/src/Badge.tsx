import { badgeText } from '@huddle/domain';

export interface BadgeProps {
  count: number;
  /** What is counted, for screen readers: '5 unread notifications'. */
  label?: string;
}

/** A count bubble; nothing under one, and the spec's cap (99+ from 100) above it. */
export function Badge({ count, label = 'unread' }: BadgeProps) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="hd-badge" aria-label={`${count} ${label}`}>
      {text}
    </span>
  );
}
