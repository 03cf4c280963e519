import { MESSAGES } from '@huddle/domain';

/** The tabs of /requests (spec §2), each with its own empty text. */
export const REQUEST_TABS = [
  { id: 'pending', label: 'Pending' },
  { id: 'accepted', label: 'Accepted' },
  { id: 'finished', label: 'Finished' },
] as const;

export type RequestTab = (typeof REQUEST_TABS)[number]['id'];

/** The tab kept in the URL (?tab=), or Pending when it is missing or unknown. */
export function requestTabOf(value: string | null): RequestTab {
  return REQUEST_TABS.find((tab) => tab.id === value)?.id ?? 'pending';
}

export function emptyRequestsText(tab: RequestTab): string {
  return MESSAGES.noRequests[tab];
}
