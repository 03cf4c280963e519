import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { GeoJSON, Marker, Pane, useMap, useMapEvents } from 'react-leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeoJsonObject } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { PlaceLabel } from '../api/account-types';
import { COUNTY_ZOOM, labelBudget, labelsWithoutOverlap } from './map-geometry';
import { CoordinateGrid } from './offline-layer';

type UsAtlas = Topology<{ nation: GeometryCollection; states: GeometryCollection; counties?: GeometryCollection }>;

/** The offline map's city labels for a box (GET /maps/places); rejects on failure. */
export type LoadLabels = (box: { south: number; west: number; north: number; east: number; limit: number }, signal: AbortSignal) => Promise<PlaceLabel[]>;

const LAND = { fillColor: '#fbfaf6', fillOpacity: 1, stroke: false };
const STATE_BORDERS = { color: '#8b97ab', weight: 1.2, opacity: 0.9, fill: false };
const COUNTY_BORDERS = { color: '#c9d0db', weight: 0.6, opacity: 1, fill: false };
// The coordinate grid stays readable over the land, so its pane sits above the shapes.
const GRID_PANE_STYLE = { zIndex: 450, pointerEvents: 'none' } as const;

/** A city label on the map: a marker with a text icon, neither clickable nor focusable. */
interface CityLabel {
  key: string;
  position: L.LatLngTuple;
  icon: L.DivIcon;
}

/** The US outlines, loaded once (their own chunk): the land, and the borders between two states. */
function useStates(): { land: GeoJsonObject; borders: GeoJsonObject } | null {
  const [shapes, setShapes] = useState<{ land: GeoJsonObject; borders: GeoJsonObject } | null>(null);
  useEffect(() => {
    let live = true;
    void import(/* webpackChunkName: "us-states" */ 'us-atlas/states-10m.json').then((module) => {
      const atlas = module.default as unknown as UsAtlas;
      if (live) setShapes({ land: feature(atlas, atlas.objects.nation), borders: mesh(atlas, atlas.objects.states, (a, b) => a !== b) });
    });
    return () => {
      live = false;
    };
  }, []);
  return shapes;
}

/** County borders inside a state (state lines are drawn, stronger, already), loaded the first time `wanted`. */
function useCounties(wanted: boolean): GeoJsonObject | null {
  const [borders, setBorders] = useState<GeoJsonObject | null>(null);
  const loaded = borders !== null;
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    void import(/* webpackChunkName: "us-counties" */ 'us-atlas/counties-10m.json').then((module) => {
      const atlas = module.default as unknown as UsAtlas;
      const counties = atlas.objects.counties;
      if (!live || !counties) return;
      setBorders(mesh(atlas, counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2)));
    });
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return borders;
}

/**
 * The picker's map when no tile server is configured (MAP_TILES_URL unset): US land, state and
 * county outlines from the Census Bureau's boundaries (the us-atlas package, TopoJSON turned into
 * shapes by topojson-client) and labels of the largest cities in view from the API's offline
 * gazetteer, over a faint coordinate grid, all drawn by Leaflet with no network beyond the API.
 * The boundary files are chunks of their own, fetched only when this map opens (counties only
 * once zoomed in), so no first screen ever carries them. A child of a react-leaflet MapContainer.
 */
export function OfflineBasemap({ loadLabels }: { loadLabels: LoadLabels }) {
  // One canvas for every outline: thousands of county segments would be slow as SVG paths.
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);
  const styles = useMemo(
    () => ({
      land: () => ({ ...LAND, renderer }),
      states: () => ({ ...STATE_BORDERS, renderer }),
      counties: () => ({ ...COUNTY_BORDERS, renderer }),
    }),
    [renderer],
  );
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  const [labels, setLabels] = useState<CityLabel[]>([]);
  const labelRequest = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    labelRequest.current?.abort();
    const request = new AbortController();
    labelRequest.current = request;
    const bounds = map.getBounds();
    const size = map.getSize();
    loadLabels(
      {
        south: Math.max(-90, bounds.getSouth()),
        west: Math.max(-180, bounds.getWest()),
        north: Math.min(90, bounds.getNorth()),
        east: Math.min(180, bounds.getEast()),
        limit: labelBudget(size.x, size.y) * 3,
      },
      request.signal,
    )
      .then((places) => {
        if (request.signal.aborted) return;
        const candidates = places.map((place) => {
          const point = map.latLngToContainerPoint([place.lat, place.lng]);
          return { text: place.name, x: point.x, y: point.y, place };
        });
        setLabels(labelsWithoutOverlap(candidates).slice(0, labelBudget(size.x, size.y)).map(({ place }) => cityLabel(place)));
      })
      // Labels are a help, not the map: without them the outlines still show where one is.
      .catch(() => undefined);
  }, [map, loadLabels]);
  useMapEvents(useMemo(() => ({ moveend: refresh, zoomend: () => setZoom(map.getZoom()) }), [map, refresh]));

  useEffect(() => {
    refresh();
    return () => labelRequest.current?.abort();
  }, [refresh]);

  const states = useStates();
  // County borders help only when zoomed in; further out they are noise and are taken off.
  const wantCounties = zoom >= COUNTY_ZOOM;
  const counties = useCounties(wantCounties);

  return (
    <>
      <Pane name="hdOfflineGrid" style={GRID_PANE_STYLE}>
        <CoordinateGrid attribution="US Census Bureau · GeoNames" />
      </Pane>
      {states && (
        <>
          <GeoJSON data={states.land} style={styles.land} interactive={false} />
          <GeoJSON data={states.borders} style={styles.states} interactive={false} />
        </>
      )}
      {counties && wantCounties && <GeoJSON data={counties} style={styles.counties} interactive={false} />}
      {labels.map((label) => (
        <Marker key={label.key} position={label.position} icon={label.icon} interactive={false} keyboard={false} />
      ))}
    </>
  );
}

function cityLabel(place: PlaceLabel): CityLabel {
  return {
    key: `${place.name}|${place.lat}|${place.lng}`,
    position: [place.lat, place.lng],
    icon: L.divIcon({ className: 'mb-map__city', html: `<span class="mb-map__city-label">${escapeHtml(place.name)}</span>`, iconSize: [0, 0] }),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
