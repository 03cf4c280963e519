import { LIMITS } from '@huddle/domain';

export interface Searchable {
  id: number;
  name: string;
  short_name?: string;
}

/**
 * The items whose name or short name contain every word of the query, at most `limit` of them
 * (spec §9: menus show 50 options); chosen items always stay in the list so they can be unchosen.
 */
export function searchChoices<T extends Searchable>(items: readonly T[], query: string, chosen: readonly number[] = [], limit: number = LIMITS.selectMenuOptions): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (item: T) => {
    const text = `${item.name} ${item.short_name ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  const picked = items.filter((item) => chosen.includes(item.id));
  const rest = items.filter((item) => !chosen.includes(item.id) && matches(item));
  return [...picked, ...rest].slice(0, Math.max(limit, picked.length));
}
