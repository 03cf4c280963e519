import { DIVISIONS } from '@huddle/domain';
import { CONFERENCE_SEEDS, DIVISION_SEEDS, SCHOOL_SEEDS, teamSeeds } from './catalogue-data';

const D1_NON_FOOTBALL = 'Division 1 Non-Football';
const D1 = new Set(['Division 1 FBS', 'Division 1 FCS', D1_NON_FOOTBALL]);

describe('catalogue data', () => {
  const conferenceByShortName = new Map(CONFERENCE_SEEDS.map((conference) => [conference.short_name, conference]));

  it("seeds the domain's divisions, in order", () => {
    expect(DIVISION_SEEDS.map((division) => division.name)).toEqual([...DIVISIONS]);
  });

  it('has unique ids and names and only known conferences and divisions', () => {
    const divisions = new Set(DIVISION_SEEDS.map((division) => division.name));
    expect(new Set(SCHOOL_SEEDS.map((school) => school.id)).size).toBe(SCHOOL_SEEDS.length);
    expect(new Set(SCHOOL_SEEDS.map((school) => school.name)).size).toBe(SCHOOL_SEEDS.length);
    for (const school of SCHOOL_SEEDS) {
      expect(conferenceByShortName.has(school.conference)).toBe(true);
      if (school.football_conference !== null) expect(conferenceByShortName.has(school.football_conference)).toBe(true);
      expect(divisions.has(school.division)).toBe(true);
      expect(school.state).toMatch(/^[A-Z]{2}$/);
    }
  });

  it("derives each school's division from where it plays football", () => {
    for (const school of SCHOOL_SEEDS) {
      const conferenceDivision = conferenceByShortName.get(school.conference)?.division ?? '';
      const footballDivision = conferenceByShortName.get(school.football_conference ?? school.conference)?.division;
      const expected = !D1.has(conferenceDivision) ? conferenceDivision : school.football ? footballDivision : D1_NON_FOOTBALL;
      expect({ school: school.name, division: school.division }).toEqual({ school: school.name, division: expected });
    }
  });

  it('seats the 136 FBS programs of 2025 in their football conferences', () => {
    const fbs = SCHOOL_SEEDS.filter((school) => school.division === 'Division 1 FBS');
    const perConference: Record<string, number> = {};
    for (const school of fbs) {
      const conference = school.football_conference ?? school.conference;
      perConference[conference] = (perConference[conference] ?? 0) + 1;
    }
    expect(fbs).toHaveLength(136);
    expect(perConference).toEqual({
      ACC: 17,
      'Big Ten': 18,
      'Big 12': 16,
      SEC: 16,
      American: 14,
      'Sun Belt': 14,
      MAC: 13,
      'Mountain West': 12,
      'C-USA': 12,
      'Pac-12': 2,
      'FBS Independents': 2,
    });
  });

  it('derives a basketball team for every school and a football team for football schools', () => {
    const teams = teamSeeds();
    const footballSchools = SCHOOL_SEEDS.filter((school) => school.football).length;
    expect(teams).toHaveLength(SCHOOL_SEEDS.length + footballSchools);
    expect(new Set(teams.map((team) => team.id)).size).toBe(teams.length);
    const alabama = SCHOOL_SEEDS.find((school) => school.short_name === 'Alabama');
    expect(teams.filter((team) => team.school_id === alabama?.id).map((team) => team.name)).toEqual(['Alabama Football', 'Alabama Basketball']);
  });
});
