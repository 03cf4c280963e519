import { LIMITS } from '@huddle/domain';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs once with the last value, 400 ms after typing stops (spec §5)', () => {
    const run = jest.fn();
    const search = debounce(run, LIMITS.searchDebounceMs);
    search.call('b');
    jest.advanceTimersByTime(200);
    search.call('ba');
    jest.advanceTimersByTime(200);
    search.call('bas');
    jest.advanceTimersByTime(399);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('bas');
    expect(search.pending()).toBe(false);
  });

  it('runs a waiting call at once on flush (Enter), and only once', () => {
    const run = jest.fn();
    const search = debounce(run, 400);
    search.call('duke');
    search.flush();
    expect(run).toHaveBeenCalledWith('duke');
    jest.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drops a waiting call on cancel, and flush then does nothing', () => {
    const run = jest.fn();
    const search = debounce(run, 400);
    search.call('x');
    expect(search.pending()).toBe(true);
    search.cancel();
    search.flush();
    jest.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
