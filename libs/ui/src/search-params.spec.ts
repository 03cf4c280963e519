import { withSearchParam } from './search-params';

describe('withSearchParam', () => {
  it('sets, replaces and removes one parameter, keeping the others', () => {
    expect(withSearchParam('', 'tab', 'accepted')).toBe('?tab=accepted');
    expect(withSearchParam('tab=pending&page=2', 'tab', 'finished')).toBe('?tab=finished&page=2');
    expect(withSearchParam('?tab=pending&page=2', 'tab', null)).toBe('?page=2');
    expect(withSearchParam('tab=pending', 'tab', '')).toBe('');
  });
});
