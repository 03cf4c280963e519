import L from 'leaflet';
import type { GeocodeResult } from '../api/account-types';
import type { MemberApi } from '../api/member-api';
import { MAP_DEFAULTS } from './map-geometry';
import { OfflineBasemap } from './offline-basemap';

export const MAP_BRAND = '#1b2a4a';
export const MAP_ACCENT = '#f5a524';

export interface BaseMapOptions {
  center: { lat: number; lng: number };
  zoom?: number;
  /** The configured tile server; null draws the offline basemap (place labels from the API). */
  tilesUrl: string | null;
  attribution?: string | null;
  loadLabels: MemberApi['placeLabels'];
}

/**
 * A Leaflet map on the configured tiles, or on the offline basemap when none are configured, with
 * a pin (a circle marker: no icon images to resolve) that stays in the middle while the map moves.
 * `onSettle` hears the middle once a move ends. Returns the map and how to take it down.
 */
export function createBaseMap(element: HTMLElement, options: BaseMapOptions, onSettle: (center: { lat: number; lng: number }) => void) {
  const map = L.map(element, { center: options.center, zoom: options.zoom ?? MAP_DEFAULTS.zoom, maxZoom: MAP_DEFAULTS.maxZoom, zoomControl: true });
  const offline = options.tilesUrl ? null : new OfflineBasemap({ loadLabels: options.loadLabels }).addTo(map);
  if (options.tilesUrl) {
    L.tileLayer(options.tilesUrl, { maxZoom: MAP_DEFAULTS.maxZoom, maxNativeZoom: 19, attribution: options.attribution ?? '' }).addTo(map);
  }
  const pin = L.circleMarker(options.center, { radius: 8, color: '#fff', weight: 3, fillColor: MAP_BRAND, fillOpacity: 1 }).addTo(map);
  map.on('move', () => pin.setLatLng(map.getCenter()));
  map.on('moveend', () => {
    const middle = map.getCenter();
    onSettle({ lat: middle.lat, lng: middle.lng });
  });
  return {
    map,
    pin,
    dispose: () => {
      offline?.remove();
      map.remove();
    },
  };
}

/** Moves the map to a geocoder result, zoomed to its bounds when it has them. */
export function showResult(map: L.Map, result: GeocodeResult): void {
  const { location, bounds } = result.geometry;
  const target = L.latLng(location.lat, location.lng);
  if (bounds) {
    const zoom = map.getBoundsZoom(L.latLngBounds([bounds.southwest.lat, bounds.southwest.lng], [bounds.northeast.lat, bounds.northeast.lng]));
    map.setView(target, Math.min(zoom, MAP_DEFAULTS.maxZoom));
  } else {
    map.setView(target, Math.max(map.getZoom(), MAP_DEFAULTS.zoom));
  }
}
