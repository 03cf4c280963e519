import { toggleId } from './ChoiceGrid';
import { searchChoices } from './choice-search';

const schools = [
  { id: 1, name: 'University of Alabama', short_name: 'Alabama' },
  { id: 2, name: 'Alabama State University', short_name: 'Alabama State' },
  { id: 3, name: 'Boston College', short_name: 'BC' },
];

describe('school search', () => {
  it('matches every word of the query against the name and short name', () => {
    expect(searchChoices(schools, 'alabama state').map((s) => s.id)).toEqual([2]);
    expect(searchChoices(schools, 'bc').map((s) => s.id)).toEqual([3]);
    expect(searchChoices(schools, '').map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('keeps the chosen school first and limits the list', () => {
    expect(searchChoices(schools, 'boston', [1]).map((s) => s.id)).toEqual([1, 3]);
    expect(searchChoices(schools, '', [], 2)).toHaveLength(2);
  });

  it('toggles ids of a multiple choice', () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 3)).toEqual([1, 3]);
  });
});
