import type { LatLng } from '@huddle/domain';

/** One answer of a geocoding lookup, in the shape the location picker reads (spec §7: Maps). */
export interface GeocodeResult {
  formatted_address: string;
  geometry: {
    location: LatLng;
    bounds: { northeast: LatLng; southwest: LatLng };
  };
}

/** At most this many answers, best first. */
export const MAX_GEOCODE_RESULTS = 10;

/**
 * Turns a place name into places. Two implementations: a Nominatim-compatible HTTP service (when
 * GEOCODER_URL is configured) and the offline gazetteer of US places (the embedded default).
 */
export abstract class Geocoder {
  abstract readonly description: string;

  abstract search(query: string): Promise<GeocodeResult[]>;
}

const KM_PER_DEGREE_LATITUDE = 111.32;

/** A box of halfSideKm around a point, clipped to valid coordinates. */
export function boundsAround(center: LatLng, halfSideKm: number): GeocodeResult['geometry']['bounds'] {
  const dLat = halfSideKm / KM_PER_DEGREE_LATITUDE;
  const dLng = halfSideKm / (KM_PER_DEGREE_LATITUDE * Math.max(Math.cos((center.lat * Math.PI) / 180), 0.01));
  const round = (value: number): number => Math.round(value * 1e5) / 1e5;
  return {
    northeast: { lat: round(Math.min(90, center.lat + dLat)), lng: round(Math.min(180, center.lng + dLng)) },
    southwest: { lat: round(Math.max(-90, center.lat - dLat)), lng: round(Math.max(-180, center.lng - dLng)) },
  };
}
