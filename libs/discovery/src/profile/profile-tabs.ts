/** The athlete profile's tabs (spec §2); the active one is kept in the URL as ?tab=. */
export const PROFILE_TABS = [
  { id: 'info', label: 'Info' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'history', label: 'History' },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]['id'];

export const DEFAULT_PROFILE_TAB: ProfileTab = 'info';

export const TAB_PARAM = 'tab';

/** The tab from the query string, or Info when it is missing or unknown. */
export function profileTabOf(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_PROFILE_TAB;
}

/** The ?tab= value to store: none for the default tab, so the plain profile URL stays clean. */
export function profileTabParam(tab: ProfileTab): string | null {
  return tab === DEFAULT_PROFILE_TAB ? null : tab;
}
