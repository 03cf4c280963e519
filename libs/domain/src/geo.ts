export const COORDINATES_OUT_OF_RANGE = 'Latitude must be between -90 and 90 and longitude between -180 and 180';

export interface LatLng {
  lat: number;
  lng: number;
}

// Two signed decimals separated by a comma, whitespace or both ("34.05, -118.24", "34.05 -118.24").
const COORDINATE_PAIR = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*(?:,\s*|\s+)([+-]?\d{1,3}(?:\.\d+)?)\s*$/;

/**
 * The location picker's search box takes a city or coordinates (spec §2). A query reads as
 * coordinates when it is a latitude then a longitude inside their ranges; anything else is a
 * place name, and out-of-range numbers are neither.
 */
export function parseCoordinates(query: string): LatLng | null {
  const match = COORDINATE_PAIR.exec(query);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!isValidLatLng({ lat, lng })) return null;
  return { lat, lng };
}

/** True when the string is two numbers, whether or not they are valid coordinates. */
export function looksLikeCoordinates(query: string): boolean {
  return COORDINATE_PAIR.test(query);
}

export function isValidLatLng({ lat, lng }: LatLng): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}
