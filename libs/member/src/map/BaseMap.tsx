import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import L from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import type { GeocodeResult } from '../api/account-types';
import { QUERY_KEYS } from '../api/hooks';
import type { MemberApi } from '../api/member-api';
import { MAP_DEFAULTS } from './map-geometry';
import { OfflineBasemap } from './OfflineBasemap';

export const MAP_BRAND = '#1b2a4a';
export const MAP_ACCENT = '#f5a524';

type LatLng = { lat: number; lng: number };

const PIN_STYLE = { color: '#fff', weight: 3, fillColor: MAP_BRAND, fillOpacity: 1 };

export interface BaseMapProps {
  api: Pick<MemberApi, 'mapsConfig' | 'placeLabels'>;
  /** Where the map opens (and the pin stands) at the default zoom. */
  start: LatLng;
  /** The map's accessible name (it is one focusable 'application': arrows pan, + and - zoom). */
  label: string;
  /** A class of the canvas beside mb-map__canvas (its height, say). */
  className?: string;
  /** The Leaflet map once it exists, for moving it to a search result. */
  mapRef?: Ref<L.Map>;
  /** Hears the middle of the map once a move ends. */
  onSettle: (center: LatLng) => void;
  /** Layers drawn under the pin. */
  children?: ReactNode;
}

/**
 * A react-leaflet map on the configured tiles, or on the offline basemap when none are configured,
 * with a pin (a circle marker: no icon images to resolve) that stays in the middle while the map
 * moves. The map is made once the tile configuration is known (an unreachable config means
 * offline); until then its place on the page is held by an empty canvas of the same size.
 */
export function BaseMap({ api, start, label, className, mapRef, onSettle, children }: BaseMapProps) {
  const config = useQuery({ queryKey: QUERY_KEYS.mapsConfig, queryFn: api.mapsConfig, staleTime: Number.POSITIVE_INFINITY, retry: 0 });
  const canvasClass = className ? `mb-map__canvas ${className}` : 'mb-map__canvas';
  if (config.isPending) return <div className={canvasClass} role="application" aria-label={label} />;
  const tilesUrl = config.data?.tiles_url ?? null;
  return (
    <MapContainer
      key={tilesUrl ?? 'offline'}
      ref={mapRef}
      className={tilesUrl ? canvasClass : `${canvasClass} mb-map__canvas--offline`}
      center={start}
      zoom={MAP_DEFAULTS.zoom}
      maxZoom={MAP_DEFAULTS.maxZoom}
      zoomControl
    >
      <AccessibleName label={label} />
      {tilesUrl ? (
        <TileLayer url={tilesUrl} maxZoom={MAP_DEFAULTS.maxZoom} maxNativeZoom={19} attribution={config.data?.attribution ?? ''} />
      ) : (
        <OfflineBasemap loadLabels={api.placeLabels} />
      )}
      {children}
      <CenterPin onSettle={onSettle} />
    </MapContainer>
  );
}

/** Names the map's container, the element Leaflet makes focusable, as the canvas before it was. */
function AccessibleName({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** The middle of the map, followed while it moves. */
export function useMapCenter(): L.LatLng {
  const map = useMap();
  const [center, setCenter] = useState(() => map.getCenter());
  useMapEvents(useMemo(() => ({ move: () => setCenter(map.getCenter()) }), [map]));
  return center;
}

/** The pin in the middle of the map, above every other shape; tells where it stands once a move ends. */
function CenterPin({ onSettle }: { onSettle: (center: LatLng) => void }) {
  const map = useMap();
  const center = useMapCenter();
  const pin = useRef<L.CircleMarker>(null);
  useMapEvents(
    useMemo(
      () => ({
        moveend: () => {
          const middle = map.getCenter();
          onSettle({ lat: middle.lat, lng: middle.lng });
        },
        // Shapes drawn after it (saved locations arriving) never cover the pin.
        layeradd: () => pin.current?.bringToFront(),
      }),
      [map, onSettle],
    ),
  );
  return <CircleMarker ref={pin} center={center} radius={8} pathOptions={PIN_STYLE} />;
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
