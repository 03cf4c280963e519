import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { PlaceLabel } from '../api/account-types';
import { COUNTY_ZOOM, labelBudget, labelsWithoutOverlap } from './map-geometry';
import { OfflineBaseLayer } from './offline-layer';

type UsAtlas = Topology<{ nation: GeometryCollection; states: GeometryCollection; counties?: GeometryCollection }>;

export interface OfflineBasemapOptions {
  /** The offline map's city labels for a box (GET /maps/places); rejects on failure. */
  loadLabels: (box: { south: number; west: number; north: number; east: number; limit: number }, signal: AbortSignal) => Promise<PlaceLabel[]>;
}

const LAND = { fillColor: '#fbfaf6', fillOpacity: 1, stroke: false };
const STATE_BORDERS = { color: '#8b97ab', weight: 1.2, opacity: 0.9, fill: false };
const COUNTY_BORDERS = { color: '#c9d0db', weight: 0.6, opacity: 1, fill: false };

/**
 * The picker's map when no tile server is configured (MAP_TILES_URL unset): US land, state and
 * county outlines from the Census Bureau's boundaries (the us-atlas package, TopoJSON turned into
 * shapes by topojson-client) and labels of the largest cities in view from the API's offline
 * gazetteer, over a faint coordinate grid, all drawn by Leaflet with no network beyond the API.
 * The boundary files are chunks of their own, fetched only when this map opens (counties only
 * once zoomed in), so no first screen ever carries them.
 */
export class OfflineBasemap {
  private readonly renderer = L.canvas({ padding: 0.5 });
  private readonly labels = L.layerGroup();
  private counties: L.Layer | null = null;
  private countiesLoading = false;
  private labelRequest: AbortController | null = null;
  private map: L.Map | null = null;

  constructor(private readonly options: OfflineBasemapOptions) {}

  addTo(map: L.Map): this {
    this.map = map;
    map.getContainer().classList.add('mb-map__canvas--offline');
    // The coordinate grid stays readable over the land, so its pane sits above the shapes.
    const gridPane = map.createPane('hdOfflineGrid');
    gridPane.style.zIndex = '450';
    gridPane.style.pointerEvents = 'none';
    new OfflineBaseLayer({ pane: 'hdOfflineGrid', attribution: 'US Census Bureau · GeoNames' }).addTo(map);
    this.labels.addTo(map);
    void this.loadStates();
    map.on('moveend', this.refresh);
    this.refresh();
    return this;
  }

  remove(): void {
    this.labelRequest?.abort();
    this.map?.off('moveend', this.refresh);
    this.map = null;
  }

  private async loadStates(): Promise<void> {
    const atlas = (await import(/* webpackChunkName: "us-states" */ 'us-atlas/states-10m.json')).default as unknown as UsAtlas;
    const map = this.map;
    if (!map) return;
    L.geoJSON(feature(atlas, atlas.objects.nation), { style: () => ({ ...LAND, renderer: this.renderer }), interactive: false }).addTo(map).bringToBack();
    L.geoJSON(mesh(atlas, atlas.objects.states, (a, b) => a !== b), { style: () => ({ ...STATE_BORDERS, renderer: this.renderer }), interactive: false }).addTo(map);
  }

  private async loadCounties(): Promise<void> {
    if (this.counties || this.countiesLoading) return;
    this.countiesLoading = true;
    const atlas = (await import(/* webpackChunkName: "us-counties" */ 'us-atlas/counties-10m.json')).default as unknown as UsAtlas;
    const map = this.map;
    if (!map || !atlas.objects.counties) return;
    // Only borders between two counties of one state: state lines are drawn (stronger) already.
    const inner = mesh(atlas, atlas.objects.counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2));
    this.counties = L.geoJSON(inner, { style: () => ({ ...COUNTY_BORDERS, renderer: this.renderer }), interactive: false }).addTo(map);
  }

  private readonly refresh = (): void => {
    const map = this.map;
    if (!map) return;
    // County borders help only when zoomed in; further out they are noise and are taken off.
    const wantCounties = map.getZoom() >= COUNTY_ZOOM;
    if (wantCounties) void this.loadCounties();
    if (this.counties && wantCounties !== map.hasLayer(this.counties)) {
      if (wantCounties) this.counties.addTo(map);
      else map.removeLayer(this.counties);
    }
    this.labelRequest?.abort();
    const request = new AbortController();
    this.labelRequest = request;
    const bounds = map.getBounds();
    const size = map.getSize();
    this.options
      .loadLabels(
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
        if (request.signal.aborted || this.map !== map) return;
        const candidates = places.map((place) => {
          const point = map.latLngToContainerPoint([place.lat, place.lng]);
          return { text: place.name, x: point.x, y: point.y, place };
        });
        this.labels.clearLayers();
        for (const { place } of labelsWithoutOverlap(candidates).slice(0, labelBudget(size.x, size.y))) {
          L.marker([place.lat, place.lng], {
            interactive: false,
            keyboard: false,
            icon: L.divIcon({ className: 'mb-map__city', html: `<span class="mb-map__city-label">${escapeHtml(place.name)}</span>`, iconSize: [0, 0] }),
          }).addTo(this.labels);
        }
      })
      // Labels are a help, not the map: without them the outlines still show where one is.
      .catch(() => undefined);
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
