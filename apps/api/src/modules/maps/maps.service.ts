import { Injectable } from '@nestjs/common';
import { LIMITS, looksLikeCoordinates, parseCoordinates } from '@huddle/domain';
import { AppConfig } from '../../config/app-config';
import type { GeocodePayload } from './dto/geocode.dto';
import type { MapConfigPayload } from './dto/map-config.payload';
import { DEFAULT_PLACE_LABELS, type PlaceLabelsPayload, type PlaceLabelsQuery } from './dto/place-labels.dto';
import { boundsAround, Geocoder } from './geocoding/geocoder';
import { MapsErrors } from './maps.errors';
import { PlaceLabels } from './place-labels';

// A pair of coordinates is a point; its bounds are a small box around it (about 500 m).
const COORDINATE_BOUNDS_KM = 0.5;

@Injectable()
export class MapsService {
  constructor(
    private readonly geocoder: Geocoder,
    private readonly config: AppConfig,
    private readonly labels: PlaceLabels,
  ) {}

  /** The offline map's city labels for the box it shows (a south edge above the north one is refused). */
  placeLabels({ south, west, north, east, limit }: PlaceLabelsQuery): PlaceLabelsPayload {
    if (south > north) throw MapsErrors.coordinatesOutOfRange();
    return { places: this.labels.within({ south, west, north, east }, limit ?? DEFAULT_PLACE_LABELS) };
  }

  /**
   * Coordinates ("34.05, -118.24") answer themselves without a lookup, whichever geocoder is
   * configured; anything else is a place name for the geocoder.
   */
  async geocode(query: string): Promise<GeocodePayload> {
    const coordinates = parseCoordinates(query);
    if (coordinates) {
      return {
        results: [
          {
            formatted_address: `${coordinates.lat}, ${coordinates.lng}`,
            geometry: { location: coordinates, bounds: boundsAround(coordinates, COORDINATE_BOUNDS_KM) },
          },
        ],
      };
    }
    if (looksLikeCoordinates(query)) throw MapsErrors.coordinatesOutOfRange();
    return { results: await this.geocoder.search(query.trim()) };
  }

  mapConfig(): MapConfigPayload {
    const tiles = this.config.MAP_TILES_URL ?? null;
    return {
      tiles_url: tiles,
      attribution: tiles ? (this.config.MAP_TILES_ATTRIBUTION ?? null) : null,
      default_center: { lat: LIMITS.defaultMapCenter.latitude, lng: LIMITS.defaultMapCenter.longitude, name: LIMITS.defaultMapCenter.name },
      default_radius: LIMITS.map.defaultRadiusMiles,
      zoom: LIMITS.map.zoom,
      max_zoom: LIMITS.map.maxZoom,
    };
  }
}
