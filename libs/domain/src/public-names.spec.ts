import { firstNameLastInitial, publicRequesterName, requestPartyName } from './public-names';

describe('public names', () => {
  it('shows a first name and the initial of the last name, never the full name', () => {
    expect(firstNameLastInitial('Riley', 'Parker')).toBe('Riley P.');
    expect(firstNameLastInitial('  Morgan ', ' lee')).toBe('Morgan L.');
    expect(firstNameLastInitial('José', 'Ñúñez')).toBe('José Ñ.');
    expect(firstNameLastInitial('Ann', '𝒜bc')).toBe('Ann 𝒜.');
  });

  it('keeps whichever part there is', () => {
    expect(firstNameLastInitial('Riley', null)).toBe('Riley');
    expect(firstNameLastInitial('Riley', '   ')).toBe('Riley');
    expect(firstNameLastInitial(null, 'Parker')).toBe('P.');
    expect(firstNameLastInitial(null, null)).toBe('');
    expect(firstNameLastInitial(undefined, '')).toBe('');
  });

  it('names a business requester by its business name, a person by first name and last initial', () => {
    expect(publicRequesterName({ firstName: 'Dana', lastName: 'Cole', businessName: 'Cole Sports LLC' })).toBe('Cole Sports LLC');
    expect(publicRequesterName({ firstName: 'Dana', lastName: 'Cole', businessName: null })).toBe('Dana C.');
    expect(publicRequesterName({ firstName: 'Dana', lastName: 'Cole', businessName: '  ' })).toBe('Dana C.');
  });
});

describe('requestPartyName (a request page, the lists and the console)', () => {
  const person = { first_name: 'Morgan', last_name: 'Lee', username: 'morgan' };
  it('names a business by its own name, a person in full, else @username, else a deleted user', () => {
    expect(requestPartyName({ ...person, business_name: 'Summit Sports Co.' })).toBe('Summit Sports Co.');
    expect(requestPartyName({ ...person, business_name: '   ' })).toBe('Morgan Lee');
    expect(requestPartyName({ ...person, business_name: null })).toBe('Morgan Lee');
    expect(requestPartyName({ ...person, last_name: null })).toBe('Morgan');
    expect(requestPartyName({ first_name: null, last_name: null, username: 'morgan' })).toBe('@morgan');
    expect(requestPartyName({ first_name: null, last_name: null, username: null })).toBe('Deleted user');
    expect(requestPartyName(undefined)).toBe('Deleted user');
  });
});
