import { nextFocusIndex, nextTabIndex } from './focus';

describe('nextFocusIndex (modal focus trap)', () => {
  it('moves forward and wraps from the last element to the first', () => {
    expect(nextFocusIndex(0, 3, false)).toBe(1);
    expect(nextFocusIndex(2, 3, false)).toBe(0);
  });

  it('moves backward and wraps from the first element to the last', () => {
    expect(nextFocusIndex(1, 3, true)).toBe(0);
    expect(nextFocusIndex(0, 3, true)).toBe(2);
  });

  it('enters the trap at the edge matching the direction when focus is outside', () => {
    expect(nextFocusIndex(-1, 4, false)).toBe(0);
    expect(nextFocusIndex(-1, 4, true)).toBe(3);
  });

  it('has nowhere to go in a dialog without focusable elements', () => {
    expect(nextFocusIndex(-1, 0, false)).toBe(-1);
  });
});

describe('nextTabIndex (tabs keyboard pattern)', () => {
  it('cycles with the arrow keys', () => {
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
  });

  it('jumps with Home and End', () => {
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
  });

  it('ignores other keys', () => {
    expect(nextTabIndex('Enter', 1, 3)).toBeNull();
  });
});
