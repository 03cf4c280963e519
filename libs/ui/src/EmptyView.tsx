import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyViewProps {
  /** The spec's empty text, e.g. 'Athletes not found'. */
  text: string;
  title?: string;
  /** 1 when the state is all the page shows, so the title names the page. */
  headingLevel?: 1 | 2;
  icon?: IconName;
  action?: ReactNode;
}

export function EmptyView({ text, title, headingLevel = 2, icon = 'inbox', action }: EmptyViewProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="hd-state">
      <span className="hd-state__icon">
        <Icon name={icon} size={28} />
      </span>
      {title && <Heading className="hd-state__title">{title}</Heading>}
      <p className="hd-state__text">{text}</p>
      {action}
    </div>
  );
}
