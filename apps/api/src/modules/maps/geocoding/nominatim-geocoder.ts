import { Logger } from '@nestjs/common';
import { Geocoder, MAX_GEOCODE_RESULTS } from './geocoder';
import type { GeocodeResult } from './geocoder';
import { MapsErrors } from '../maps.errors';

export interface NominatimOptions {
  /** Base URL of the service; /search is appended. */
  url: string;
  /** Nominatim's usage policy asks every application to identify itself. */
  userAgent: string;
  timeoutMs?: number;
}

/** The fields of a Nominatim jsonv2 /search answer that the picker needs. */
interface NominatimPlace {
  display_name: string;
  lat: string;
  lon: string;
  /** [south, north, west, east], as strings. */
  boundingbox: [string, string, string, string];
}

const DEFAULT_TIMEOUT_MS = 5000;
const CACHE_SIZE = 500;
const CACHE_TTL_MS = 60 * 60 * 1000;

function isNominatimPlace(value: unknown): value is NominatimPlace {
  if (typeof value !== 'object' || value === null) return false;
  const place = value as Record<string, unknown>;
  return (
    typeof place.display_name === 'string' &&
    typeof place.lat === 'string' &&
    typeof place.lon === 'string' &&
    Array.isArray(place.boundingbox) &&
    place.boundingbox.length === 4
  );
}

function toResult(place: NominatimPlace): GeocodeResult | null {
  const [south, north, west, east] = place.boundingbox.map(Number);
  const location = { lat: Number(place.lat), lng: Number(place.lon) };
  if (![south, north, west, east, location.lat, location.lng].every(Number.isFinite)) return null;
  return {
    formatted_address: place.display_name,
    geometry: { location, bounds: { northeast: { lat: north, lng: east }, southwest: { lat: south, lng: west } } },
  };
}

/**
 * A Nominatim-compatible geocoder over HTTP (OpenStreetMap's public service or a self-hosted
 * one). Searches are limited to the United States, where Huddle's athletes travel. Answers are
 * cached for an hour, which keeps a typing user within the public service's one request per
 * second. Any failure (timeout, HTTP error, unexpected body) is 1503, which the picker shows as
 * 'Unknown map issue'.
 */
export class NominatimGeocoder extends Geocoder {
  readonly description: string;
  private readonly logger = new Logger('Geocoder');
  private readonly cache = new Map<string, { results: GeocodeResult[]; expires: number }>();

  constructor(private readonly options: NominatimOptions) {
    super();
    this.description = `Nominatim at ${options.url}`;
  }

  async search(query: string): Promise<GeocodeResult[]> {
    const cacheKey = query.trim().toLowerCase();
    const cached = this.cache.get(cacheKey);
    if (cached && cached.expires > Date.now()) return cached.results;

    const results = await this.fetchResults(query);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(cacheKey, { results, expires: Date.now() + CACHE_TTL_MS });
    return results;
  }

  private async fetchResults(query: string): Promise<GeocodeResult[]> {
    const url = new URL('search', this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`);
    url.search = new URLSearchParams({ q: query, format: 'jsonv2', limit: String(MAX_GEOCODE_RESULTS), countrycodes: 'us', addressdetails: '0' }).toString();

    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json', 'Accept-Language': 'en' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      this.logger.warn(`Geocoding "${query}" failed: ${error instanceof Error ? error.message : String(error)}`);
      throw MapsErrors.geocoderUnavailable();
    }
    if (!Array.isArray(body)) {
      this.logger.warn(`Geocoding "${query}" answered something other than a list`);
      throw MapsErrors.geocoderUnavailable();
    }
    return body
      .filter(isNominatimPlace)
      .map(toResult)
      .filter((result): result is GeocodeResult => result !== null)
      .slice(0, MAX_GEOCODE_RESULTS);
  }
}
