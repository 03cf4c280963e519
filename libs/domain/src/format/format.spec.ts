import { formatDate, isoDate } from './dates';
import { endorsementRate, formatDollars, formatRate, formatRating, reviewsText } from './rates';
import { withArticle } from './words';

describe('rates', () => {
  it('formats dollar rates without empty cents', () => {
    expect(formatDollars(1250)).toBe('$1,250');
    expect(formatDollars(12.5)).toBe('$12.50');
  });

  it('shows hourly services per hour (training sessions, camps)', () => {
    expect(formatRate({ rate: 20, per_hour: true })).toBe('$20 / hour');
    expect(formatRate({ rate: 200, per_hour: false })).toBe('$200');
  });

  it("gives the card's endorsement price only for athletes who offer endorsements", () => {
    expect(endorsementRate(250)).toBe('$250');
    expect(endorsementRate(1500.5)).toBe('$1,500.50');
    expect(endorsementRate(null)).toBeNull();
    expect(endorsementRate(0)).toBeNull();
  });

  it('shows an average rating with one decimal', () => {
    expect(formatRating(4.8333)).toBe('4.8');
    expect(formatRating(5)).toBe('5.0');
    expect(reviewsText(1)).toBe('1 review');
    expect(reviewsText(12)).toBe('12 reviews');
  });
});

describe('dates', () => {
  it("formats unix seconds as 'MMM D, YYYY' (spec §9)", () => {
    // 2026-03-04T12:00:00Z: noon, so every time zone of the viewers is on the same day.
    expect(formatDate(1772625600)).toBe('Mar 4, 2026');
    expect(isoDate(1772625600)).toBe('2026-03-04');
  });

  it('shows nothing for a missing time', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate(Number.NaN)).toBeNull();
  });
});

describe('withArticle', () => {
  it('picks a or an for service names', () => {
    expect(withArticle('video chat')).toBe('a video chat');
    expect(withArticle('endorsement')).toBe('an endorsement');
  });
});
