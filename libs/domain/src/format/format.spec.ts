import { formatDate, formatNotificationTime, formatPickerDate, formatTime, isoDate } from './dates';
import { approveLabel, awaitingLabel, formatTimeLeft, recordTitle } from './requests';
import { endorsementRate, formatDollars, formatRate, formatRating, reviewsText } from './rates';
import { fullName } from './names';
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

  it('formats in UTC when the viewer\'s zone is not known yet (markup rendered on the server)', () => {
    // 2026-03-04T23:30:00Z and 2026-03-05T00:30:00Z: the UTC day, whatever zone the tests run in.
    expect(formatDate(1772667000, false)).toBe('Mar 4, 2026');
    expect(formatDate(1772670600, false)).toBe('Mar 5, 2026');
    expect(formatDate(null, false)).toBeNull();
  });

  it('shows nothing for a missing time', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate(Number.NaN)).toBeNull();
    expect(formatTime(undefined)).toBeNull();
    expect(formatNotificationTime(null)).toBeNull();
  });

  // Local wall-clock times, so the expectations hold in any time zone the tests run in.
  const local = (year: number, month: number, day: number, hour: number, minute: number) =>
    new Date(year, month - 1, day, hour, minute).getTime() / 1000;

  it("formats the time of day as 'h:mm A' (spec §9)", () => {
    expect(formatTime(local(2026, 3, 4, 15, 5))).toBe('3:05 PM');
    expect(formatTime(local(2026, 3, 4, 0, 30))).toBe('12:30 AM');
  });

  it("shows the date picker's date as 'ddd MMM D YYYY' (spec §5), the day unpadded", () => {
    expect(formatPickerDate(local(2026, 11, 28, 15, 0))).toBe('Sat Nov 28 2026');
    expect(formatPickerDate(local(2026, 3, 4, 0, 30))).toBe('Wed Mar 4 2026');
    expect(formatPickerDate(null)).toBeNull();
  });

  it('shows notification times relative under one day, then dates that grow with age (spec §9)', () => {
    const now = local(2026, 3, 14, 12, 0);
    expect(formatNotificationTime(now - 20, now)).toBe('just now');
    expect(formatNotificationTime(now + 30, now)).toBe('just now');
    expect(formatNotificationTime(now - 60, now)).toBe('1 minute ago');
    expect(formatNotificationTime(now - 59 * 60, now)).toBe('59 minutes ago');
    expect(formatNotificationTime(now - 3600, now)).toBe('1 hour ago');
    expect(formatNotificationTime(now - 23 * 3600, now)).toBe('23 hours ago');
    expect(formatNotificationTime(local(2026, 3, 10, 15, 5), now)).toBe('Tue 3:05 PM');
    expect(formatNotificationTime(local(2026, 1, 2, 9, 0), now)).toBe('Jan 2');
    expect(formatNotificationTime(local(2025, 12, 30, 9, 0), now)).toBe('Dec 30, 2025');
  });
});

describe('withArticle', () => {
  it('picks a or an for service names', () => {
    expect(withArticle('video chat')).toBe('a video chat');
    expect(withArticle('endorsement')).toBe('an endorsement');
  });
});

describe('fullName', () => {
  it('joins the names it has, and is empty without any', () => {
    expect(fullName({ first_name: 'Jordan', last_name: 'Lee' })).toBe('Jordan Lee');
    expect(fullName({ first_name: ' Jordan ', last_name: null })).toBe('Jordan');
    expect(fullName({ last_name: 'Lee' })).toBe('Lee');
    expect(fullName({ first_name: '', last_name: '  ' })).toBe('');
  });
});

describe('request labels', () => {
  it('counts down the time left to accept, coarsely, and nothing once it ran out', () => {
    const now = 1_800_000_000;
    expect(formatTimeLeft(now + 2 * 86400 + 4 * 3600 + 59, now)).toBe('2d 4h');
    expect(formatTimeLeft(now + 3 * 3600 + 12 * 60, now)).toBe('3h 12m');
    expect(formatTimeLeft(now + 12 * 60 + 5, now)).toBe('12m');
    expect(formatTimeLeft(now + 45, now)).toBe('45s');
    expect(formatTimeLeft(now, now)).toBeNull();
    expect(formatTimeLeft(null, now)).toBeNull();
  });

  it("says what an accepted request waits for, and names the requester's approval as spec §4 does", () => {
    expect(awaitingLabel('camp', 'Jordan')).toBe('Awaiting Jordan');
    expect(awaitingLabel('video_chat', null)).toBe('Awaiting the athlete');
    expect(awaitingLabel('shoutout', 'Jordan')).toBe('Awaiting completion');
    expect(approveLabel('shoutout')).toBe('Accept');
    expect(approveLabel('endorsement')).toBe('Approve');
    expect(recordTitle('endorsement')).toBe('Record Your Endorsement');
  });
});
