import { formatDateTimeUtc } from './dates';

describe('formatDateTimeUtc', () => {
  it("names a moment in the spec's formats with its zone said, whatever the server's zone", () => {
    expect(formatDateTimeUtc(Date.UTC(2026, 11, 20, 14, 30) / 1000)).toBe('Dec 20, 2026, 2:30 PM UTC');
    expect(formatDateTimeUtc(null)).toBeNull();
  });
});
