import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { COORDINATES_OUT_OF_RANGE, ErrorCode, LIMITS, MESSAGES } from '@huddle/domain';
import { DomainError } from '../src/common/errors/domain-error';
import { NominatimGeocoder } from '../src/modules/maps/geocoding/nominatim-geocoder';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** Two places as Nominatim's jsonv2 /search answers them (strings for numbers, as Nominatim sends). */
const NOMINATIM_AUSTIN = [
  {
    place_id: 297593212,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'relation',
    osm_id: 113314,
    lat: '30.2711286',
    lon: '-97.7436995',
    category: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.77,
    addresstype: 'city',
    name: 'Austin',
    display_name: 'Austin, Travis County, Texas, United States',
    boundingbox: ['30.0986648', '30.5166255', '-97.9383829', '-97.5614889'],
  },
  {
    place_id: 1,
    lat: '43.6666',
    lon: '-92.9746',
    display_name: 'Austin, Mower County, Minnesota, United States',
    boundingbox: ['43.6', '43.7', '-93.0', '-92.9'],
  },
  { place_id: 2, display_name: 'A record without coordinates is skipped' },
];

interface FakeNominatim {
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

async function startFakeNominatim(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<FakeNominatim> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((incoming, response) => {
    requests.push(incoming);
    handler(incoming, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const answerJson = (body: unknown, status = 200) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`Expected a DomainError, got ${String(error)}`);
  return error;
}

describe('the Nominatim geocoder against a local server speaking its protocol', () => {
  it('asks /search for US places as jsonv2, identifies itself, and maps the answer', async () => {
    const nominatim = await startFakeNominatim(answerJson(NOMINATIM_AUSTIN));
    try {
      const geocoder = new NominatimGeocoder({ url: `${nominatim.url}/`, userAgent: 'Huddle-test/1.0 (ops@huddle.test)' });
      const results = await geocoder.search('Austin');
      expect(results).toEqual([
        {
          formatted_address: 'Austin, Travis County, Texas, United States',
          geometry: {
            location: { lat: 30.2711286, lng: -97.7436995 },
            bounds: { northeast: { lat: 30.5166255, lng: -97.5614889 }, southwest: { lat: 30.0986648, lng: -97.9383829 } },
          },
        },
        {
          formatted_address: 'Austin, Mower County, Minnesota, United States',
          geometry: { location: { lat: 43.6666, lng: -92.9746 }, bounds: { northeast: { lat: 43.7, lng: -92.9 }, southwest: { lat: 43.6, lng: -93 } } },
        },
      ]);

      const [sent] = nominatim.requests;
      const url = new URL(sent.url ?? '', nominatim.url);
      expect(url.pathname).toBe('/search');
      expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Austin', format: 'jsonv2', limit: '10', countrycodes: 'us', addressdetails: '0' });
      expect(sent.headers['user-agent']).toBe('Huddle-test/1.0 (ops@huddle.test)');

      await geocoder.search('  AUSTIN ');
      expect(nominatim.requests).toHaveLength(1);
    } finally {
      await nominatim.close();
    }
  });

  it.each([
    ['an HTTP error', answerJson({ error: 'overloaded' }, 503)],
    ['a body that is not JSON', (_request: IncomingMessage, response: ServerResponse) => response.end('<html>maintenance</html>')],
    ['JSON that is not a list', answerJson({ results: [] })],
  ])('turns %s into 1503 Unknown map issue', async (_label, handler) => {
    const nominatim = await startFakeNominatim(handler);
    try {
      const error = await failureOf(new NominatimGeocoder({ url: nominatim.url, userAgent: 'Huddle-test/1.0' }).search('Boston'));
      expect([error.code, error.message]).toEqual([ErrorCode.ServiceUnavailable, MESSAGES.unknownMapIssue]);
    } finally {
      await nominatim.close();
    }
  });

  it('gives up on a server that does not answer in time', async () => {
    const nominatim = await startFakeNominatim(() => undefined);
    try {
      const started = Date.now();
      const error = await failureOf(new NominatimGeocoder({ url: nominatim.url, userAgent: 'Huddle-test/1.0', timeoutMs: 300 }).search('Denver'));
      expect(error.code).toBe(ErrorCode.ServiceUnavailable);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await nominatim.close();
    }
  });
});

describe('GET /maps/geocode and /maps/config (embedded default)', () => {
  let testApp: TestApp;
  const geocode = (query?: string) => request(testApp.server).get('/api/v1/maps/geocode').query(query === undefined ? {} : { query });

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers place names from the offline gazetteer, publicly', async () => {
    const response = await geocode('austin').expect(200);
    expect(response.body.status_response.response_internal_code).toBe(0);
    expect(response.body.results.length).toBeGreaterThan(1);
    expect(response.body.results.length).toBeLessThanOrEqual(10);
    const [first] = response.body.results;
    expect(first.formatted_address).toBe('Austin, TX, USA');
    expect(first.geometry.location).toEqual({ lat: expect.closeTo(30.267, 2), lng: expect.closeTo(-97.743, 2) });
    expect(Object.keys(first.geometry.bounds)).toEqual(['northeast', 'southwest']);
    expect((await geocode('Zzyzxqq').expect(200)).body.results).toEqual([]);
  });

  it.each(['34.05, -118.24', '34.05 -118.24', '34.05,-118.24'])('reads %s as coordinates', async (query) => {
    const { body } = await geocode(query).expect(200);
    expect(body.results).toHaveLength(1);
    expect(body.results[0].formatted_address).toBe('34.05, -118.24');
    expect(body.results[0].geometry.location).toEqual({ lat: 34.05, lng: -118.24 });
  });

  it('refuses coordinates out of range and an empty query with 1400', async () => {
    const outOfRange = await geocode('95, -118.24').expect(400);
    expect(outOfRange.body.status_response.response_message).toBe(COORDINATES_OUT_OF_RANGE);
    const empty = await geocode('').expect(400);
    expect(empty.body.errors).toEqual({ query: MESSAGES.required });
    await geocode().expect(400);
  });

  it('labels the offline map with the largest places inside the box, publicly and cacheably', async () => {
    const places = (query: Record<string, number>) => request(testApp.server).get('/api/v1/maps/places').query(query);
    // Southern California: Los Angeles first, San Diego among the few largest, nothing outside the box.
    const response = await places({ south: 32.5, west: -119, north: 34.5, east: -116.5, limit: 5 }).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const names = response.body.places.map((p: { name: string }) => p.name);
    expect(names).toHaveLength(5);
    expect(names[0]).toBe('Los Angeles');
    expect(names).toContain('San Diego');
    for (const place of response.body.places) {
      expect(place.lat).toBeGreaterThanOrEqual(32.5);
      expect(place.lat).toBeLessThanOrEqual(34.5);
      expect(place.lng).toBeGreaterThanOrEqual(-119);
      expect(place.lng).toBeLessThanOrEqual(-116.5);
    }
    const populations = response.body.places.map((p: { population: number }) => p.population);
    expect(populations).toEqual([...populations].sort((a: number, b: number) => b - a));
    // An empty stretch of ocean has no labels; a box across the antimeridian still finds Alaska's west.
    expect((await places({ south: 20, west: -140, north: 25, east: -130 }).expect(200)).body.places).toEqual([]);
    expect((await places({ south: 50, west: 170, north: 60, east: -160, limit: 200 }).expect(200)).body.places.length).toBeGreaterThan(0);
  });

  it('refuses a box out of range or upside down with 1400', async () => {
    const places = (query: Record<string, number | string>) => request(testApp.server).get('/api/v1/maps/places').query(query);
    const refused: Record<string, number | string>[] = [
      { south: -91, west: 0, north: 1, east: 1 },
      { south: 0, west: 0, north: 1, east: 181 },
      { south: 'x', west: 0, north: 1, east: 1 },
      { south: 0, west: 0, north: 1 },
      { south: 2, west: 0, north: 1, east: 1 },
      { south: 0, west: 0, north: 1, east: 1, limit: 0 },
    ];
    for (const query of refused) {
      const response = await places(query).expect(400);
      expect(response.body.status_response.response_internal_code).toBe(ErrorCode.ValidationFailed);
    }
  });

  it('says no tile server is configured and gives the picker its defaults', async () => {
    const { body } = await request(testApp.server).get('/api/v1/maps/config').expect(200);
    expect(body).toMatchObject({
      tiles_url: null,
      attribution: null,
      default_center: { lat: LIMITS.defaultMapCenter.latitude, lng: LIMITS.defaultMapCenter.longitude, name: 'Los Angeles' },
      default_radius: 4,
      zoom: 10,
      max_zoom: 21,
    });
  });
});

describe('GET /maps/geocode with GEOCODER_URL and MAP_TILES_URL configured', () => {
  let nominatim: FakeNominatim;
  let testApp: TestApp;

  beforeAll(async () => {
    nominatim = await startFakeNominatim((incoming, response) => {
      const query = new URL(incoming.url ?? '', 'http://local').searchParams.get('q');
      if (query === 'fail') return answerJson({ error: 'down' }, 500)(incoming, response);
      return answerJson(NOMINATIM_AUSTIN)(incoming, response);
    });
    testApp = await createTestApp({
      env: {
        GEOCODER_URL: nominatim.url,
        GEOCODER_USER_AGENT: 'Huddle-api-test/1.0 (ops@huddle.test)',
        MAP_TILES_URL: 'https://tiles.huddle.test/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© OpenStreetMap contributors',
      },
    });
  });

  afterAll(async () => {
    await testApp.close();
    await nominatim.close();
  });

  it('answers from the geocoder, in the same shape', async () => {
    const { body } = await request(testApp.server).get('/api/v1/maps/geocode').query({ query: 'Austin' }).expect(200);
    expect(body.results.map((result: { formatted_address: string }) => result.formatted_address)).toEqual([
      'Austin, Travis County, Texas, United States',
      'Austin, Mower County, Minnesota, United States',
    ]);
    expect(nominatim.requests.at(-1)?.headers['user-agent']).toBe('Huddle-api-test/1.0 (ops@huddle.test)');
  });

  it('still reads coordinates itself, without asking the geocoder', async () => {
    const asked = nominatim.requests.length;
    await request(testApp.server).get('/api/v1/maps/geocode').query({ query: '40.7, -74' }).expect(200);
    expect(nominatim.requests).toHaveLength(asked);
  });

  it("answers 1503 'Unknown map issue' when the geocoder fails", async () => {
    const response = await request(testApp.server).get('/api/v1/maps/geocode').query({ query: 'fail' }).expect(503);
    expect(response.body.status_response).toEqual({ status: 503, response_message: MESSAGES.unknownMapIssue, response_internal_code: ErrorCode.ServiceUnavailable });
  });

  it('hands the tile server to the picker', async () => {
    const { body } = await request(testApp.server).get('/api/v1/maps/config').expect(200);
    expect(body.tiles_url).toBe('https://tiles.huddle.test/{z}/{x}/{y}.png');
    expect(body.attribution).toBe('© OpenStreetMap contributors');
  });
});
