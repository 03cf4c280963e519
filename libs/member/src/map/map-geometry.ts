import { LIMITS } from '@huddle/domain';

export const METERS_PER_MILE = 1609.344;

export function milesToMeters(miles: number): number {
  return miles * METERS_PER_MILE;
}

export interface TileBounds {
  north: number;
  south: number;
  west: number;
  east: number;
}

/** The latitude and longitude a Web Mercator tile (x, y at zoom z) covers. */
export function tileBounds(x: number, y: number, z: number): TileBounds {
  const tiles = 2 ** z;
  const lngOf = (column: number) => (column / tiles) * 360 - 180;
  const latOf = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / tiles))) * 180) / Math.PI;
  return { north: latOf(y), south: latOf(y + 1), west: lngOf(x), east: lngOf(x + 1) };
}

/** Mercator's vertical coordinate of a latitude, for placing latitude lines inside a tile. */
export function mercatorY(lat: number): number {
  const radians = (lat * Math.PI) / 180;
  return Math.log(Math.tan(Math.PI / 4 + radians / 2));
}

const GRID_STEPS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001, 0.00005, 0.00002, 0.00001];

/** The spacing in degrees of the offline grid's lines: about two lines per tile at any zoom. */
export function gridStep(zoom: number): number {
  const tileSpan = 360 / 2 ** zoom;
  const wanted = tileSpan / 2;
  const fitting = GRID_STEPS.filter((step) => step >= wanted);
  return fitting.length > 0 ? (fitting[fitting.length - 1] as number) : (GRID_STEPS[0] as number);
}

/** The grid lines between `from` and `to` (exclusive of neither), on multiples of step. */
export function gridLines(from: number, to: number, step: number): number[] {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  const lines: number[] = [];
  // Integer multiples avoid the float drift of repeated addition.
  for (let index = Math.ceil(low / step); index * step <= high; index += 1) lines.push(Number((index * step).toFixed(6)));
  return lines;
}

/** A grid label: '34.05°N', '118.2°W', with as many decimals as the step needs. */
export function coordinateLabel(value: number, axis: 'lat' | 'lng', step: number): string {
  const decimals = Math.max(0, Math.min(5, Math.ceil(-Math.log10(step))));
  const hemisphere = axis === 'lat' ? (value >= 0 ? 'N' : 'S') : value >= 0 ? 'E' : 'W';
  return `${Math.abs(value).toFixed(decimals)}°${value === 0 ? '' : hemisphere}`;
}

/** Coordinates as an address when the geocoder knows no place there. */
export function coordinatesText(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** Spec §5, Location: saving needs a name and waits for a running lookup. */
export function canSaveLocation(name: string, lookingUp: boolean, saving: boolean): boolean {
  return name.trim() !== '' && !lookingUp && !saving;
}

export const MAP_DEFAULTS = {
  center: { lat: LIMITS.defaultMapCenter.latitude, lng: LIMITS.defaultMapCenter.longitude },
  zoom: LIMITS.map.zoom,
  maxZoom: LIMITS.map.maxZoom,
  radius: LIMITS.map.defaultRadiusMiles,
} as const;

/** A label to place on the map, at a pixel position of the map's container. */
export interface LabelCandidate {
  text: string;
  x: number;
  y: number;
}

const LABEL_CHAR_WIDTH = 6.5;
const LABEL_HEIGHT = 16;
const LABEL_PADDING = 8;

/**
 * The labels that fit without overlapping, most important first: each candidate (in the order
 * given, largest city first) is kept only if its box, centred on its point, touches no kept box.
 */
export function labelsWithoutOverlap<T extends LabelCandidate>(candidates: readonly T[]): T[] {
  const kept: { item: T; left: number; right: number; top: number; bottom: number }[] = [];
  for (const item of candidates) {
    const half = (item.text.length * LABEL_CHAR_WIDTH + LABEL_PADDING) / 2;
    const box = { item, left: item.x - half, right: item.x + half, top: item.y - LABEL_HEIGHT, bottom: item.y + LABEL_HEIGHT / 2 };
    const overlaps = kept.some((other) => box.left < other.right && box.right > other.left && box.top < other.bottom && box.bottom > other.top);
    if (!overlaps) kept.push(box);
  }
  return kept.map((box) => box.item);
}

/** How many city labels to ask for: about one per 20,000 square pixels of map, 8 to 60. */
export function labelBudget(width: number, height: number): number {
  return Math.max(8, Math.min(60, Math.round((width * height) / 20000)));
}

/** Counties are drawn from this zoom in; further out their borders are only noise. */
export const COUNTY_ZOOM = 7;
