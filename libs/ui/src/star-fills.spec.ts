import { ratingLabel, starFills } from './star-fills';

describe('starFills', () => {
  it('draws whole ratings as full stars', () => {
    expect(starFills(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it('rounds an average to the nearest half star', () => {
    expect(starFills(4.3)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(0.8)).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
  });

  it('clamps values outside the scale and treats non-numbers as no rating', () => {
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(-1)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(Number.NaN)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
});

describe('ratingLabel', () => {
  it('reads the rating with one decimal', () => {
    expect(ratingLabel(4.25)).toBe('4.3 out of 5 stars');
    expect(ratingLabel(5)).toBe('5 out of 5 stars');
  });
});
