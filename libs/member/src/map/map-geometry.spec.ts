import { canSaveLocation, coordinateLabel, coordinatesText, gridLines, gridStep, labelBudget, labelsWithoutOverlap, MAP_DEFAULTS, mercatorY, milesToMeters, tileBounds } from './map-geometry';

describe('location picker map (spec §5, §9)', () => {
  it('starts on Los Angeles at zoom 10 with a 4-mile radius, up to zoom 21', () => {
    expect(MAP_DEFAULTS.center).toEqual({ lat: 34.0522, lng: -118.2437 });
    expect(MAP_DEFAULTS.zoom).toBe(10);
    expect(MAP_DEFAULTS.maxZoom).toBe(21);
    expect(MAP_DEFAULTS.radius).toBe(4);
  });

  it('draws the radius in meters', () => {
    expect(milesToMeters(4)).toBeCloseTo(6437.376);
  });

  it('enables Save location only with a name and no lookup running', () => {
    expect(canSaveLocation('Home', false, false)).toBe(true);
    expect(canSaveLocation('  ', false, false)).toBe(false);
    expect(canSaveLocation('Home', true, false)).toBe(false);
    expect(canSaveLocation('Home', false, true)).toBe(false);
  });
});

describe('offline base layer', () => {
  it('knows the area of a tile', () => {
    expect(tileBounds(0, 0, 0)).toEqual({ north: expect.closeTo(85.0511, 3), south: expect.closeTo(-85.0511, 3), west: -180, east: 180 });
    const la = tileBounds(175, 408, 10);
    expect(la.west).toBeCloseTo(-118.477, 2);
    expect(la.north).toBeGreaterThan(la.south);
    expect(mercatorY(0)).toBeCloseTo(0);
  });

  it('spaces grid lines at about two per tile', () => {
    expect(gridStep(0)).toBe(30);
    expect(gridStep(10)).toBe(0.2);
    expect(gridStep(21)).toBe(0.0001);
    expect(gridLines(-118.48, -118.12, 0.1)).toEqual([-118.4, -118.3, -118.2]);
  });

  it('labels lines with their hemisphere', () => {
    expect(coordinateLabel(34.2, 'lat', 0.1)).toBe('34.2°N');
    expect(coordinateLabel(-118.25, 'lng', 0.05)).toBe('118.25°W');
    expect(coordinateLabel(0, 'lng', 30)).toBe('0°');
    expect(coordinatesText(34.0522, -118.2437)).toBe('34.05220, -118.24370');
  });
});

describe('offline map labels', () => {
  it('keeps the most important labels and drops those that would overlap them', () => {
    const kept = labelsWithoutOverlap([
      { text: 'Los Angeles', x: 100, y: 100 },
      { text: 'Glendale', x: 110, y: 104 },
      { text: 'Pasadena', x: 300, y: 100 },
      { text: 'Burbank', x: 100, y: 140 },
    ]);
    expect(kept.map((label) => label.text)).toEqual(['Los Angeles', 'Pasadena', 'Burbank']);
  });

  it('asks for more labels on a larger map, within bounds', () => {
    expect(labelBudget(100, 100)).toBe(8);
    expect(labelBudget(600, 400)).toBe(12);
    expect(labelBudget(4000, 4000)).toBe(60);
  });
});
