import { notifyPayloads } from './notification-writes';

describe('notifyPayloads', () => {
  it('keeps every item, in order, in payloads PostgreSQL accepts (under 8000 bytes)', () => {
    const items = Array.from({ length: 500 }, (_, index) => `n:5a0c4f6e-3b1d-4c8e-9f2a-7d6e5c4b3a21:${index + 1}`);
    const payloads = notifyPayloads(items);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.join(',').split(',')).toEqual(items);
  });

  it('sends one payload for a few items, and none for none', () => {
    expect(notifyPayloads(['n:a:1', 'u:b'])).toEqual(['n:a:1,u:b']);
    expect(notifyPayloads([])).toEqual([]);
  });
});
