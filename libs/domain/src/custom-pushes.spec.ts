import { ADMIN_MESSAGES } from './admin-messages';
import { MESSAGES } from './messages';
import { CUSTOM_PUSH_LIMITS, parseCustomPush } from './custom-pushes';

const ID_A = '6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const ID_B = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('parseCustomPush', () => {
  const valid = { name: ' Spring ', subject: 'Big news', message: 'Line one\nLine two', destination: { roles: [3, 1, 1] } };

  it('accepts a push by roles, trimmed, roles deduplicated and sorted', () => {
    expect(parseCustomPush(valid)).toEqual({ push: { name: 'Spring', subject: 'Big news', message: 'Line one\nLine two', destination: { roles: [1, 3] } } });
  });

  it('accepts a push by chosen users, ids deduplicated', () => {
    expect(parseCustomPush({ ...valid, destination: { user_ids: [ID_A, ID_B, ID_A.toUpperCase()] } })).toEqual({
      push: expect.objectContaining({ destination: { user_ids: [ID_A, ID_B] } }),
    });
  });

  it.each([
    [{}, { name: MESSAGES.required, subject: MESSAGES.required, message: MESSAGES.required, destination: MESSAGES.pushDestinationRequired }],
    [null, { name: MESSAGES.required, subject: MESSAGES.required, message: MESSAGES.required, destination: MESSAGES.pushDestinationRequired }],
    [{ ...valid, name: '  ' }, { name: 'This field is required' }],
    [{ ...valid, subject: 12 }, { subject: 'This field is required' }],
    [{ ...valid, name: 'n'.repeat(CUSTOM_PUSH_LIMITS.name + 1) }, { name: 'Must be at most 100 characters' }],
    [{ ...valid, subject: 's'.repeat(CUSTOM_PUSH_LIMITS.subject + 1) }, { subject: 'Must be at most 150 characters' }],
    [{ ...valid, message: 'm'.repeat(CUSTOM_PUSH_LIMITS.message + 1) }, { message: 'Must be at most 500 characters' }],
    [{ ...valid, name: 'Bad\u202Ename' }, { name: MESSAGES.forbiddenCharacters }],
    [{ ...valid, name: 'Two\nlines' }, { name: MESSAGES.forbiddenCharacters }],
    [{ ...valid, destination: { roles: [] } }, { destination: 'Choose at least one role or one user' }],
    [{ ...valid, destination: { roles: [1], user_ids: [ID_A] } }, { destination: 'Choose at least one role or one user' }],
    [{ ...valid, destination: { roles: [4] } }, { 'destination.roles': ADMIN_MESSAGES.pushRoleInvalid }],
    [{ ...valid, destination: { roles: [2, 11] } }, { 'destination.roles': ADMIN_MESSAGES.pushRoleInvalid }],
    [{ ...valid, destination: { user_ids: ['x'] } }, { 'destination.user_ids': ADMIN_MESSAGES.pushUsersUnavailable }],
    [{ ...valid, destination: 'everyone' }, { destination: 'Choose at least one role or one user' }],
  ])('refuses %j with its messages', (body, errors) => {
    expect(parseCustomPush(body)).toEqual({ errors });
  });
});
