import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyViewProps {
  /** The spec's empty text, e.g. 'Athletes not found'. */
  text: string;
  title?: string;
  icon?: IconName;
  action?: ReactNode;
}

export function EmptyView({ text, title, icon = 'inbox', action }: EmptyViewProps) {
  return (
    <div className="hd-state">
      <span className="hd-state__icon">
        <Icon name={icon} size={28} />
      </span>
      {title && <h2 className="hd-state__title">{title}</h2>}
      <p className="hd-state__text">{text}</p>
      {action}
    </div>
  );
}
