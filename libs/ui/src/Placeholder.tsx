import type { ReactNode } from 'react';

export interface PlaceholderProps {
  title: string;
  children?: ReactNode;
}

/** A marked region where a screen's content will live; it says what will appear there. */
export function Placeholder({ title, children }: PlaceholderProps) {
  return (
    <div className="hd-placeholder" role="note">
      <p className="hd-placeholder__title">{title}</p>
      {children && <div>{children}</div>}
    </div>
  );
}
