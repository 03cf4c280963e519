import { isValidUsername } from './validation';
import { firstFreeUsername, usernameBaseOf, usernameCandidate } from './usernames';

describe('usernames derived from names', () => {
  it('lowercases, folds accents and joins name parts with dots', () => {
    expect(usernameBaseOf('Jordan', 'Miles')).toBe('jordan.miles');
    expect(usernameBaseOf('José', "Núñez-O'Brien")).toBe('jose.nunez.o.brien');
    expect(usernameBaseOf('  Mary Ann ', 'St. James')).toBe('mary.ann.st.james');
  });

  it('falls back to a valid base for names too short or without letters', () => {
    expect(usernameBaseOf('Al', null)).toBe('athlete');
    expect(usernameBaseOf('李', '王')).toBe('athlete');
    expect(usernameBaseOf(null, null)).toBe('athlete');
  });

  it('numbers later holders and keeps every candidate within 36 characters', () => {
    expect(usernameCandidate('jordan.miles', 1)).toBe('jordan.miles');
    expect(usernameCandidate('jordan.miles', 2)).toBe('jordan.miles2');
    const long = usernameBaseOf('Maximilianalexander', 'Wolfeschlegelsteinhausen');
    expect(long).toHaveLength(36);
    expect(usernameCandidate(long, 12)).toHaveLength(36);
    expect(usernameCandidate(long, 12).endsWith('12')).toBe(true);
    expect(isValidUsername(usernameCandidate(long, 123))).toBe(true);
  });

  it('picks the first candidate nobody holds', () => {
    expect(firstFreeUsername('jordan.miles', new Set())).toBe('jordan.miles');
    expect(firstFreeUsername('jordan.miles', new Set(['jordan.miles', 'jordan.miles2']))).toBe('jordan.miles3');
  });
});
