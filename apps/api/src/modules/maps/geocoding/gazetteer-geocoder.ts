import { Geocoder, MAX_GEOCODE_RESULTS, boundsAround } from './geocoder';
import type { GeocodeResult } from './geocoder';
import { stateCodeOf } from './us-states';

/** [name, state code, latitude, longitude, population] */
export type PlaceRow = readonly [string, string, number, number, number];

/** Checks the data file's rows as they are loaded: a malformed file must fail at start, not mid-search. */
export function readPlaceRows(rows: ReadonlyArray<ReadonlyArray<string | number>>): PlaceRow[] {
  return rows.map((row, index) => {
    const [name, state, lat, lng, population] = row;
    if (typeof name !== 'string' || typeof state !== 'string' || typeof lat !== 'number' || typeof lng !== 'number' || typeof population !== 'number') {
      throw new Error(`Gazetteer row ${index} is malformed: ${JSON.stringify(row)}`);
    }
    return [name, state, lat, lng, population];
  });
}

interface Place {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
  /** Lower-cased, "St." spelled "saint", punctuation folded to spaces. */
  key: string;
}

/** How well a place's name matches: lower is better. */
const enum Match {
  Exact = 0,
  Prefix = 1,
  /** The query starts at a word of the name: "vegas" in "Las Vegas". */
  WordPrefix = 2,
  Contains = 3,
}

export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bst\b\.?|\bste\b\.?/g, (abbreviation) => (abbreviation.startsWith('ste') ? 'sainte' : 'saint'))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Half the side of a result's bounds grows with the town: 2 km for a village, 30 km at most.
function halfSideKm(population: number): number {
  return Math.min(30, Math.max(2, 1.5 + 0.75 * Math.sqrt(population / 1000)));
}

function matchOf(place: Place, query: string): Match | null {
  if (place.key === query) return Match.Exact;
  if (place.key.startsWith(query)) return Match.Prefix;
  if (place.key.includes(` ${query}`)) return Match.WordPrefix;
  return place.key.includes(query) ? Match.Contains : null;
}

/**
 * The embedded geocoder: an offline list of US places (GeoNames' places of 1000 inhabitants or
 * more, plus every school's college town; see data/README.md). Names match case-insensitively as
 * a whole, a prefix, a word prefix or anywhere; "City, ST" or "City, State" narrows to a state.
 * Better matches come first, larger places first among equals.
 */
export class GazetteerGeocoder extends Geocoder {
  readonly description: string;
  private readonly places: Place[];

  constructor(rows: readonly PlaceRow[]) {
    super();
    this.places = rows.map(([name, state, lat, lng, population]) => {
      return { name, state, lat, lng, population, key: normaliseName(name) };
    });
    this.description = `the offline gazetteer (${this.places.length} US places)`;
  }

  async search(query: string): Promise<GeocodeResult[]> {
    const { name, state } = this.readQuery(query);
    if (name === '') return [];
    const matches: Array<{ place: Place; match: Match }> = [];
    for (const place of this.places) {
      if (state && place.state !== state) continue;
      const match = matchOf(place, name);
      if (match !== null) matches.push({ place, match });
    }
    matches.sort((a, b) => a.match - b.match || b.place.population - a.place.population);
    return matches.slice(0, MAX_GEOCODE_RESULTS).map(({ place }) => this.toResult(place));
  }

  /** "Austin, TX", "Austin, Texas", "Austin TX" and "Austin" all name Austin. */
  private readQuery(query: string): { name: string; state: string | null } {
    const parts = query.split(',').map((part) => part.trim()).filter((part) => part !== '');
    // A trailing "USA" or "United States" says nothing the gazetteer does not already assume.
    while (parts.length > 1 && /^(usa?|united states( of america)?)$/i.test(parts[parts.length - 1])) parts.pop();
    if (parts.length >= 2) {
      const state = stateCodeOf(parts[parts.length - 1]);
      if (state) return { name: normaliseName(parts.slice(0, -1).join(' ')), state };
    }
    const text = parts.join(' ');
    const trailing = /^(.*\S)\s+([A-Za-z]{2})$/.exec(text);
    if (trailing) {
      const state = stateCodeOf(trailing[2]);
      // "Saint Paul MN" is a state; "Ho Oh" is a name. Only a known code narrows.
      if (state && this.places.some((place) => place.state === state && place.key.startsWith(normaliseName(trailing[1])))) {
        return { name: normaliseName(trailing[1]), state };
      }
    }
    return { name: normaliseName(text), state: null };
  }

  private toResult(place: Place): GeocodeResult {
    const location = { lat: place.lat, lng: place.lng };
    return {
      formatted_address: `${place.name}, ${place.state}, USA`,
      geometry: { location, bounds: boundsAround(location, halfSideKm(place.population)) },
    };
  }
}
