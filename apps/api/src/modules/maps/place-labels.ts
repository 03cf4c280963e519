import type { PlaceLabelDto } from './dto/place-labels.dto';
import type { PlaceRow } from './geocoding/gazetteer-geocoder';

export interface LabelBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * City labels for the offline map, from the offline gazetteer's places (largest first): the map
 * asks for the box it shows and gets its most populous places, so a zoomed-out view names the big
 * cities and a zoomed-in one the towns around. The rows are already ordered by population.
 */
export class PlaceLabels {
  constructor(private readonly rows: readonly PlaceRow[]) {}

  within(box: LabelBox, limit: number): PlaceLabelDto[] {
    // A box whose west edge is east of its east edge crosses the antimeridian.
    const insideLng = box.west <= box.east ? (lng: number) => lng >= box.west && lng <= box.east : (lng: number) => lng >= box.west || lng <= box.east;
    const found: PlaceLabelDto[] = [];
    for (const [name, state, lat, lng, population] of this.rows) {
      if (found.length >= limit) break;
      if (lat < box.south || lat > box.north || !insideLng(lng)) continue;
      found.push({ name, state, lat, lng, population });
    }
    return found;
  }
}
