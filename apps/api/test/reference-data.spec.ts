import request from 'supertest';
import { GENDERS } from '@huddle/domain';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

// Spec §3, "Built-in sport list", in its order.
const SPEC_SPORTS = [
  'Football', 'Basketball', 'Baseball', 'Softball', 'Volleyball', 'Soccer', 'Lacrosse', 'Tennis', 'Hockey',
  'Wrestling', 'Gymnastics', 'Track & Field', 'Field Hockey', 'Swimming', 'Crew', 'Golf', 'Fencing', 'Bowling',
  'Cheerleading', 'Rugby', 'Water Polo', 'Dance', 'E-Sports', 'Rifle', 'Squash', 'Pickleball', 'Cross Country',
];

interface School {
  id: number;
  name: string;
  short_name: string;
  state: string;
  conference_id: number;
  conference: string;
  football_conference_id: number | null;
  division_id: number;
  division: string;
}

describe('GET /public/meta/reference-data', () => {
  let testApp: TestApp;
  let body: Record<string, unknown> & { schools: School[] };

  beforeAll(async () => {
    testApp = await createTestApp();
    const response = await request(testApp.server).get('/api/v1/public/meta/reference-data').expect(200);
    body = response.body;
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("lists the spec's 27 sports with ids 1..27 in the spec's order", () => {
    expect(body.sports).toEqual(SPEC_SPORTS.map((name, index) => ({ id: index + 1, name })));
  });

  it('lists genders, divisions and client settings', () => {
    expect(body.genders).toEqual(GENDERS.map(({ id, name }) => ({ id, name })));
    expect((body.divisions as Array<{ name: string }>).map((division) => division.name)).toEqual([
      'Division 1 FBS',
      'Division 1 FCS',
      'Division 2',
      'Division 3',
      'NAIA',
      'Junior Colleges',
      'Division 1 Non-Football',
    ]);
    expect(body.stripe_public).toBe('pk_embedded_huddle');
    expect(body.iap_apple_products).toEqual([]);
    expect(body.intro_video).toBe('/media/defaults/intro.mp4');
    expect(body.status_response).toEqual({ status: 200, response_message: 'OK', response_internal_code: 0 });
  });

  it('lists 200+ real schools, each with its conference and division', () => {
    const conferences = new Map((body.conferences as Array<{ id: number; short_name: string }>).map((conference) => [conference.id, conference]));
    expect(body.schools.length).toBeGreaterThan(200);
    for (const school of body.schools) {
      expect(conferences.get(school.conference_id)?.short_name).toBe(school.conference);
      expect(school.division).not.toBe('');
    }
    const byShortName = (shortName: string) => body.schools.find((school) => school.short_name === shortName);
    expect(byShortName('Alabama')).toMatchObject({ name: 'University of Alabama', state: 'AL', conference: 'SEC', division: 'Division 1 FBS' });
    expect(byShortName('Oregon')).toMatchObject({ conference: 'Big Ten', division: 'Division 1 FBS' });
    expect(byShortName('SMU')).toMatchObject({ conference: 'ACC' });
    expect(byShortName('Colorado')).toMatchObject({ conference: 'Big 12' });
    expect(byShortName('Texas')).toMatchObject({ conference: 'SEC' });
    expect(byShortName('Oregon State')).toMatchObject({ conference: 'Pac-12' });
    expect(byShortName('North Dakota State')).toMatchObject({ conference: 'Summit League', division: 'Division 1 FCS' });
    expect(byShortName('Gonzaga')).toMatchObject({ conference: 'WCC', division: 'Division 1 Non-Football' });
  });

  it('gives Notre Dame the ACC for its sports and the FBS independents for football', () => {
    const notreDame = body.schools.find((school) => school.short_name === 'Notre Dame');
    const independents = (body.conferences as Array<{ id: number; short_name: string }>).find((conference) => conference.short_name === 'FBS Independents');
    expect(notreDame).toMatchObject({ conference: 'ACC', football_conference_id: independents?.id, division: 'Division 1 FBS' });
  });

  it('offers every school to athletes', () => {
    expect([...(body.available_schools as number[])].sort((a, b) => a - b)).toEqual(body.schools.map((school) => school.id).sort((a, b) => a - b));
  });

  it('lists teams of existing schools and sports', () => {
    const teams = body.teams as Array<{ id: number; school_id: number; sport_id: number; name: string }>;
    const schoolIds = new Set(body.schools.map((school) => school.id));
    expect(teams.length).toBeGreaterThan(body.schools.length);
    for (const team of teams) {
      expect(schoolIds.has(team.school_id)).toBe(true);
      expect(team.sport_id >= 1 && team.sport_id <= 27).toBe(true);
    }
    const georgia = body.schools.find((school) => school.short_name === 'Georgia');
    expect(teams.filter((team) => team.school_id === georgia?.id).map((team) => team.name).sort()).toEqual(['Georgia Basketball', 'Georgia Football']);
  });
});
