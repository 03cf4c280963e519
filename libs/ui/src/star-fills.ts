export type StarFill = 'full' | 'half' | 'empty';

/**
 * How each star of a read-only rating is drawn: an average such as 4.3 shows four full stars
 * and an empty one, 4.5 and above shows a half star (rounded to the nearest half).
 */
export function starFills(value: number, max = 5): StarFill[] {
  const safe = Number.isFinite(value) ? Math.min(Math.max(value, 0), max) : 0;
  const halves = Math.round(safe * 2);
  return Array.from({ length: max }, (_, index) => {
    const starHalves = halves - index * 2;
    if (starHalves >= 2) return 'full';
    return starHalves === 1 ? 'half' : 'empty';
  });
}

/** Text for assistive technology, e.g. '4.5 out of 5 stars'. */
export function ratingLabel(value: number, max = 5): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} out of ${max} stars`;
}
