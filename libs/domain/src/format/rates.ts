import { plural } from './words';

const DOLLARS = /*#__PURE__*/ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** Dollar amounts as the product shows them: '$1,250' or '$12.50' (the API speaks dollars). */
export function formatDollars(amount: number): string {
  return DOLLARS.format(amount).replace(/\.00$/, '');
}

/** A service's price: '$200', or '$20 / hour' for the hourly ones (training sessions, camps). */
export function formatRate(service: { rate: number; per_hour: boolean }): string {
  return service.per_hour ? `${formatDollars(service.rate)} / hour` : formatDollars(service.rate);
}

export const ENDORSEMENT_FROM = 'Endorsement from';

/** The endorsement rate a card shows, or null when the athlete offers no endorsements. */
export function endorsementRate(rate: number | null | undefined): string | null {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? formatDollars(rate) : null;
}

/** An average rating with one decimal, as rating widgets show it: '4.8', '5.0'. */
export function formatRating(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

export function reviewsText(count: number): string {
  return plural(count, 'review', 'reviews');
}
