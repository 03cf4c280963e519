import { pageCount, pageItems, rangeText } from './pagination';

describe('pageCount', () => {
  it('counts whole and partial pages from the API total and page size', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(57, 20)).toBe(3);
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 7, 8, 9, 10]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(40, 3)).toEqual([1, 2, 3]);
    expect(pageItems(3, 0)).toEqual([]);
  });
});

describe('rangeText', () => {
  it('tells which athletes the page shows', () => {
    expect(rangeText(1, 20, 20, 57)).toBe('Showing 1–20 of 57 athletes');
    expect(rangeText(3, 20, 17, 57)).toBe('Showing 41–57 of 57 athletes');
  });

  it('gives just the count when one page holds every athlete', () => {
    expect(rangeText(1, 20, 1, 1)).toBe('1 athlete');
    expect(rangeText(1, 20, 7, 7)).toBe('7 athletes');
  });
});
