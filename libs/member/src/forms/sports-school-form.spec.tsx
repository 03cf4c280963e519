import { renderToStaticMarkup } from 'react-dom/server';
import type { ReferenceData } from '../api/account-types';
import { SportsSchoolForm } from './SportsSchoolForm';
import { searchChoices } from './choice-search';

const TOWSON = { id: 225, name: 'Towson University', short_name: 'Towson', state: 'MD', conference_id: 1, conference: 'CAA', football_conference_id: null, division_id: 2, division: 'Division 1 FCS' };
const reference = {
  sports: [{ id: 1, name: 'Basketball' }],
  schools: [TOWSON],
  available_schools: [],
} as unknown as ReferenceData;

describe("the athlete survey's schools", () => {
  it('names a school as the profile and the dashboard do (its name, not its short name)', () => {
    const html = renderToStaticMarkup(<SportsSchoolForm reference={reference} value={{ sports: [], schoolId: 225 }} onChange={() => undefined} errors={{}} />);
    expect(html).toContain('Towson University');
    expect(html).not.toMatch(/>Towson</);
  });

  it('still finds a school by its short name', () => {
    expect(searchChoices([TOWSON], 'towson', []).map((school) => school.name)).toEqual(['Towson University']);
  });
});
