import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import collegeTowns from '../data/college-towns.json';
import places from '../data/us-places.json';
import { GazetteerGeocoder, normaliseName, readPlaceRows } from './gazetteer-geocoder';
import type { GeocodeResult } from './geocoder';

// The schools the catalogue migration seeded (its frozen snapshot, beside the migration).
const schools: Array<{ id: number; name: string; state: string }> = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'database', 'migrations', 'data', 'schools.json'), 'utf8'));

const rows = readPlaceRows(places);
const gazetteer = new GazetteerGeocoder(rows);

const addresses = (results: GeocodeResult[]): string[] => results.map((result) => result.formatted_address);

describe('the offline gazetteer', () => {
  describe('its data', () => {
    it('holds the largest US cities with their states and coordinates', () => {
      const large = rows.filter(([, , , , population]) => population >= 100_000);
      expect(large.length).toBeGreaterThanOrEqual(300);
      const find = (name: string, state: string) => rows.find(([placeName, placeState]) => placeName === name && placeState === state);
      expect(find('Los Angeles', 'CA')?.slice(2, 4)).toEqual([34.05223, -118.24368]);
      expect(find('Chicago', 'IL')?.slice(2, 4)).toEqual([41.85003, -87.65005]);
      expect(find('Washington', 'DC')).toBeDefined();
      // The United States with Alaska, Hawaii and Puerto Rico lies inside this box.
      const misplaced = rows.filter(([, state, lat, lng]) => !/^[A-Z]{2}$/.test(state) || !(lat > 17 && lat < 72 && (lng < -64 || lng > 172)));
      expect(misplaced).toEqual([]);
    });

    it("has the college town of every school in the catalogue", async () => {
      const townBySchool = new Map(collegeTowns.map(([id, city, state]) => [id, { city: String(city), state: String(state) }]));
      expect([...townBySchool.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(schools.map((school) => school.id));
      for (const school of schools) {
        const town = townBySchool.get(school.id);
        expect([school.name, town?.state]).toEqual([school.name, school.state]);
        const [best] = await gazetteer.search(`${town?.city}, ${town?.state}`);
        expect([school.name, best?.formatted_address]).toEqual([school.name, `${town?.city}, ${town?.state}, USA`]);
      }
    });
  });

  describe('search', () => {
    it('finds places by a case-insensitive prefix, larger places first', async () => {
      expect(addresses(await gazetteer.search('los ang'))[0]).toBe('Los Angeles, CA, USA');
      expect(addresses(await gazetteer.search('CHICAGO'))[0]).toBe('Chicago, IL, USA');
      const springfields = addresses(await gazetteer.search('springfield'));
      expect(springfields).toHaveLength(10);
      expect(springfields.every((address) => address.startsWith('Springfield, '))).toBe(true);
      expect(springfields.slice(0, 3)).toEqual(['Springfield, MO, USA', 'Springfield, MA, USA', 'Springfield, IL, USA']);
    });

    it('puts exact names before longer ones and word matches before inner matches', async () => {
      const austin = addresses(await gazetteer.search('Austin'));
      expect(austin[0]).toBe('Austin, TX, USA');
      expect(addresses(await gazetteer.search('vegas'))[0]).toBe('Las Vegas, NV, USA');
      expect(addresses(await gazetteer.search('york')).slice(0, 2)).toEqual(['York, PA, USA', 'York, SC, USA']);
      expect(addresses(await gazetteer.search('york city'))[0]).toBe('New York City, NY, USA');
      expect(addresses(await gazetteer.search('angeles'))[0]).toBe('Los Angeles, CA, USA');
    });

    it('narrows to a state written as a code or a name', async () => {
      expect(addresses(await gazetteer.search('Springfield, IL'))[0]).toBe('Springfield, IL, USA');
      expect(addresses(await gazetteer.search('portland, oregon'))[0]).toBe('Portland, OR, USA');
      expect(addresses(await gazetteer.search('Portland ME'))[0]).toBe('Portland, ME, USA');
      expect(addresses(await gazetteer.search('Athens, GA, USA'))[0]).toBe('Athens, GA, USA');
    });

    it('reads St., St and Saint alike', async () => {
      for (const query of ['St. Louis', 'st louis', 'Saint Louis']) expect(addresses(await gazetteer.search(query))[0]).toBe('St. Louis, MO, USA');
      expect(normaliseName('Sainte Genevieve')).toBe(normaliseName('Ste. Genevieve'));
    });

    it('answers at most 10 places, with bounds around each, and nothing for nonsense', async () => {
      const results = await gazetteer.search('a');
      expect(results).toHaveLength(10);
      for (const { geometry } of results) {
        expect(geometry.bounds.southwest.lat).toBeLessThan(geometry.location.lat);
        expect(geometry.bounds.northeast.lat).toBeGreaterThan(geometry.location.lat);
        expect(geometry.bounds.southwest.lng).toBeLessThan(geometry.location.lng);
        expect(geometry.bounds.northeast.lng).toBeGreaterThan(geometry.location.lng);
      }
      expect(await gazetteer.search('qqqxxzz')).toEqual([]);
      expect(await gazetteer.search(' , ')).toEqual([]);
    });
  });
});
