import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './class-names';
import { nextTabIndex } from './focus';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: string;
}

export interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  /** Controlled: the caller owns the active tab, so it can keep it in the URL (spec §2, /requests). */
  active: Id;
  onChange: (id: Id) => void;
  label: string;
  /** The active tab's content, rendered in its tab panel. */
  children?: ReactNode;
}

export function Tabs<Id extends string>({ tabs, active, onChange, label, children }: TabsProps<Id>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTabIndex(event.key, activeIndex, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div className="hd-tabs">
      <div ref={listRef} className="hd-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              className={cx('hd-tabs__tab', selected && 'hd-tabs__tab--active')}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div
          className="hd-tabs__panel"
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${tabs[activeIndex]?.id ?? ''}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
