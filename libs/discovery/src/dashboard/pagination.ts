/** Pages of a result list and the page buttons to draw for them. */
import { plural } from '@huddle/domain/format';

export function pageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

export type PageItem = number | 'gap';

/**
 * The page buttons around `current`: always the first and the last, the current with one
 * neighbour on each side, and a gap where pages are skipped. A gap never hides a single page
 * (1 2 3 rather than 1 … 3), so the row keeps a steady width while paging.
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 0) return [];
  const page = Math.min(Math.max(current, 1), count);
  const shown = new Set([1, count, page - 1, page, page + 1].filter((n) => n >= 1 && n <= count));
  // Near either end, show enough pages that a gap would stand for at least two.
  if (page <= 3) [2, 3, 4].forEach((n) => n <= count && shown.add(n));
  if (page >= count - 2) [count - 3, count - 2, count - 1].forEach((n) => n >= 1 && shown.add(n));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) items.push('gap');
    items.push(n);
  });
  return items;
}

/** 'Showing 21–40 of 57 athletes' for a page of results; just '7 athletes' when one page holds them all. */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  const athletes = plural(total, 'athlete', 'athletes');
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  if (shown === 0 || (first === 1 && last >= total)) return athletes;
  return `Showing ${first}–${last} of ${athletes}`;
}
