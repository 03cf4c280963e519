import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { ApiError } from '@huddle/api-client';
import { ErrorCode, LIMITS, MESSAGES, REQUEST_STATUS_LABELS, defaultServiceSettings } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import type { AdminUser, AdminUserPage, AdminUserRow, CustomPush, CustomPushPage } from '../console/admin-console-api';
import { athleteEditErrors, athleteEditValuesOf, athleteUpdateOf, isDirty, tabsWithErrors } from '../console/athlete-edit';
import { AthleteEditor, serverErrorsOf } from '../console/AthleteEditor';
import { CONSOLE_KEYS } from '../console/console-hooks';
import { CONSOLE_TEXTS, PUSH_TOASTS, USER_TOASTS } from '../console/console-messages';
import { leavesPage } from '../console/leave-guard';
import {
  destinationText,
  emptyDraft,
  nextStep,
  previousStep,
  progressText,
  pushInputOf,
  stepErrors,
  toggleRole,
  toggleUser,
  type WizardState,
} from '../console/push-wizard';
import { PushWizardStep } from '../console/PushWizard';
import { userRequestsStateOf, withRequestsFilter } from '../console/user-requests-query';
import { userListQuery, usersSearchOf, usersStateOf, withFilter } from '../console/users-query';
import { AdminFrame } from '../frame/AdminFrame';
import { PushesScreen } from './PushesScreen';
import { UserScreen, userIdOf } from './UserScreen';
import { addUserErrors, UserRows, UsersScreen } from './UsersScreen';

const ID = '11111111-1111-4111-8111-111111111111';
const status_response = { status: 200, response_message: 'OK', response_internal_code: 0 };

type Cached = [readonly unknown[], unknown];

function render(node: ReactNode, { path = '/', cache = [] as Cached[], failed = [] as [readonly unknown[], Error][] } = {}): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });
  for (const [key, data] of cache) client.setQueryData(key, data);
  for (const [key, error] of failed) client.getQueryCache().build(client, { queryKey: key }).setState({ status: 'error', error, fetchStatus: 'idle' });
  const [ssrPath, ssrSearch = ''] = path.split('?');
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 4 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
            {node}
          </Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

const row: AdminUserRow = {
  id: ID,
  user_type: 1,
  role: 1,
  first_name: 'Riley',
  last_name: 'Parker',
  email: 'fan@huddle.test',
  phone: '+13105550101',
  username: null,
  profile_photo: null,
  blocked: false,
  profile_completed: true,
  created_at: '2026-03-04T15:05:00.000Z',
};

describe('/manage/users: the URL state', () => {
  it('reads page, request, userType and completeness, and falls back to the defaults on anything else', () => {
    expect(usersStateOf('?page=3&request=riley&userType=2&completeness=0')).toEqual({ page: 3, request: 'riley', userType: 2, completeness: 0 });
    expect(usersStateOf('')).toEqual({ page: 1, request: '', userType: null, completeness: 2 });
    expect(usersStateOf('?page=-4&userType=9&completeness=7')).toEqual({ page: 1, request: '', userType: null, completeness: 2 });
    expect(usersStateOf('?userType=4&completeness=1').userType).toBe(4);
  });

  it('writes only what differs from the defaults, so a reload or a shared link gives the same list', () => {
    const state = { page: 2, request: ' riley ', userType: 1 as const, completeness: 1 as const };
    expect(usersSearchOf(state)).toBe('?page=2&request=riley&userType=1&completeness=1');
    expect(usersStateOf(usersSearchOf(state))).toEqual({ ...state, request: 'riley' });
    expect(usersSearchOf({ page: 1, request: '', userType: null, completeness: 2 })).toBe('');
  });

  it('starts a changed filter from the first page, and sends the page size only once chosen', () => {
    expect(withFilter({ page: 5, request: '', userType: null, completeness: 2 }, { userType: 3 })).toEqual({ page: 1, request: '', userType: 3, completeness: 2 });
    expect(userListQuery(usersStateOf('?page=2'), null).pageSize).toBeNull();
    expect(userListQuery(usersStateOf(''), 50).pageSize).toBe(50);
  });
});

describe('/manage/users: the screen', () => {
  const key = CONSOLE_KEYS.users(userListQuery(usersStateOf('?userType=1'), null));

  it('shows the skeleton while the list loads', () => {
    expect(render(<UsersScreen />)).toContain('Loading users');
  });

  it('shows the empty text when no user matches', () => {
    const empty: AdminUserPage = { users: [], total: 0, page: 1, page_size: 20, status_response };
    expect(render(<UsersScreen />, { path: '/manage/users?userType=1', cache: [[key, empty]] })).toContain(CONSOLE_TEXTS.noUsers);
  });

  it('shows an error with Retry', () => {
    const html = render(<UsersScreen />, { path: '/manage/users?userType=1', failed: [[key, new ApiError(1500, 'Unknown error occured', 500)]] });
    expect(html).toContain('Unknown error occured');
    expect(html).toContain('Retry');
  });

  it("lists each user's name (to their page), email, role, completeness and status, with the row's actions and the filters from the URL", () => {
    const list: AdminUserPage = { users: [row, { ...row, id: '22222222-2222-4222-8222-222222222222', first_name: null, last_name: null, username: 'jo', blocked: true, profile_completed: false, user_type: 2 }], total: 41, page: 1, page_size: 20, status_response };
    const html = render(<UsersScreen />, { path: '/manage/users?userType=1', cache: [[key, list]] });
    for (const text of ['Riley Parker', 'fan@huddle.test', 'Fan', 'Complete', 'Active', 'jo', 'Athlete', 'Incomplete', 'Blocked', 'Unblock', 'Sync', 'Remove', 'Add user', 'Page 1 of 3', '41 users']) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`href="/manage/user/${ID}"`);
    expect(html).toMatch(/<option value="1" selected="">Fan<\/option>/);
    expect(html).toMatch(/<option value="20" selected="">20<\/option>/);
  });

  it('never offers the signed-in administrator to block or remove themself', () => {
    const html = render(<UserRows users={[row]} busyId={null} selfId={ID} onBlock={() => undefined} onSync={() => undefined} onRemove={() => undefined} />);
    const button = (label: string) => html.match(new RegExp(`<button aria-label="${label}"[^>]*>`))?.[0] ?? '';
    expect(button('Block Riley Parker')).toContain('disabled');
    expect(button('Remove Riley Parker')).toContain('disabled');
    expect(button('Sync Riley Parker')).not.toContain('disabled');
  });

  it('never offers to block or remove another administrator, only to unblock one', () => {
    const rows = (blocked: boolean) =>
      render(<UserRows users={[{ ...row, user_type: 4, blocked }]} busyId={null} selfId="someone-else" onBlock={() => undefined} onSync={() => undefined} onRemove={() => undefined} />);
    const button = (html: string, label: string) => html.match(new RegExp(`<button aria-label="${label}"[^>]*>`))?.[0] ?? '';
    expect(button(rows(false), 'Block Riley Parker')).toContain('disabled');
    expect(button(rows(false), 'Remove Riley Parker')).toContain('disabled');
    expect(button(rows(false), 'Sync Riley Parker')).not.toContain('disabled');
    expect(button(rows(true), 'Unblock Riley Parker')).not.toContain('disabled');
    expect(button(rows(true), 'Remove Riley Parker')).toContain('disabled');
  });

  it("checks Add user's email with sign-up's messages", () => {
    expect(addUserErrors('')).toEqual({ email: MESSAGES.emailRequired });
    expect(addUserErrors('nope')).toEqual({ email: MESSAGES.emailInvalid });
    expect(addUserErrors('new@huddle.test')).toEqual({});
  });

  it('says each action with the toasts of spec §8', () => {
    expect(USER_TOASTS).toMatchObject({
      locked: 'The user has been locked',
      unlocked: 'The user has been unlocked',
      synced: 'The user has been synced',
      removed: 'The user has been removed',
      created: 'User has been created',
      updating: 'Updating user',
      updated: 'User has been updated',
    });
    expect(PUSH_TOASTS.sent).toBe(ADMIN_MESSAGES.pushesSent);
  });
});

const athlete: AdminUser = {
  id: ID,
  user_type: 2,
  role: 2,
  profile_completed: true,
  blocked: false,
  first_name: 'Jordan',
  last_name: 'Miles',
  email: 'athlete@huddle.test',
  phone: '+13105550103',
  email_notifications: true,
  gender: 1,
  username: 'jordan',
  description: 'Point guard',
  profile_photo: null,
  dashboard_photo: null,
  intro_video: '/media/intro.mp4',
  tiktok_link: 'https://tiktok.com/@jordan',
  twitter_link: null,
  snapchat_link: null,
  facebook_link: null,
  instagram_link: null,
  athlete_info: {
    athlete_id: ID,
    school_id: 1,
    school_name: 'State University',
    school_email: null,
    sports: '1',
    sports_played: 'Basketball',
    athlete_services: { appearance_type: '', shoutout_enabled: true, shoutout_rate: 50 } as AdminUser['athlete_info'] extends infer I ? (I extends { athlete_services: infer S } ? S : never) : never,
    locations: [],
  },
  business_info: null,
  fan_info: null,
  created_at: '2026-03-04T15:05:00.000Z',
  deleted: false,
};

describe('/manage/user/{id}', () => {
  it("shows 'Nothing found' for a malformed id without asking the API", () => {
    expect(userIdOf('abc')).toBe('');
    expect(userIdOf(ID)).toBe(ID);
    const html = render(<UserScreen params={{ id: 'abc' }} />, { path: '/manage/user/abc' });
    expect(html).toContain(MESSAGES.nothingFound.title);
    expect(html).toContain(MESSAGES.nothingFound.text);
  });

  it("shows 'Nothing found' when the API knows no such user", () => {
    const html = render(<UserScreen params={{ id: ID }} />, { path: `/manage/user/${ID}`, failed: [[CONSOLE_KEYS.user(ID), new ApiError(ErrorCode.NotFound, 'Nothing found', 404)]] });
    expect(html).toContain(MESSAGES.nothingFound.text);
  });

  it("shows the account's fields, the athlete's services, the actions and Edit for an athlete", () => {
    const html = render(<UserScreen params={{ id: ID }} />, { path: `/manage/user/${ID}`, cache: [[CONSOLE_KEYS.user(ID), athlete]] });
    for (const text of ['Jordan Miles', 'athlete@huddle.test', '+13105550103', '@jordan', 'State University', 'Basketball', 'Video shoutout', '$50', 'Edit', 'Block', 'Sync', 'Remove', 'Requests', 'Audit trail', 'https://tiktok.com/@jordan']) {
      expect(html).toContain(text);
    }
  });

  it("keeps the requests' page, type and payout filter in the URL", () => {
    expect(userRequestsStateOf('?page=2&requestType=shoutout&payout=paid')).toEqual({ page: 2, requestType: 'shoutout', payout: 'paid' });
    expect(userRequestsStateOf('?requestType=nope&payout=maybe')).toEqual({ page: 1, requestType: null, payout: null });
    expect(withRequestsFilter('?page=3&payout=paid', 'requestType', 'camp')).toBe('?payout=paid&requestType=camp');
    expect(withRequestsFilter('?payout=paid', 'payout', '')).toBe('');
  });

  it("lists the user's requests with links to the console's request and campaign pages", () => {
    const requests = {
      requests: [
        { id: 'r-1', type: 'shoutout', status: 5, order_number: '1042', name: 'x', request_amount: 50, expiration_time: null, created_at: 1772625600, updated_at: 1772625600, paid_id: null, paid: true, profile: { id: 'f', first_name: 'R', last_name: 'P', username: null, profile_photo: null }, event: null, athletes_count: null, payout_status: 'unpaid', payout_paid: 0, endorsement_campaign_id: 'camp-9' },
        { id: 'r-3', type: 'camp', status: 3, order_number: '1044', name: 'w', request_amount: 60, expiration_time: null, created_at: 1772625600, updated_at: 1772625600, paid_id: null, paid: true, profile: { id: 'f', first_name: 'R', last_name: 'P', username: null, profile_photo: null }, event: null, athletes_count: null, payout_status: 'unpaid', payout_paid: 0, endorsement_campaign_id: null },
        { id: 'r-2', type: 'camp', status: 5, order_number: '1043', name: 'z', request_amount: 200, expiration_time: null, created_at: 1772625600, updated_at: 1772625600, paid_id: null, paid: true, profile: { id: 'f', first_name: 'R', last_name: 'P', username: null, profile_photo: null }, event: null, athletes_count: null, payout_status: 'unpaid', payout_paid: 40, endorsement_campaign_id: null },
        { id: '@c-1', type: 'endorsement_campaign', status: 2, order_number: 'C-7', name: 'y', request_amount: 300, expiration_time: null, created_at: 1772625600, updated_at: 1772625600, paid_id: null, paid: true, profile: { id: 'f', first_name: 'R', last_name: 'P', username: null, profile_photo: null }, event: null, athletes_count: 3, payout_status: null },
      ],
      total: 4,
      page: 1,
      page_size: 20,
    };
    const html = render(<UserScreen params={{ id: ID }} />, {
      path: `/manage/user/${ID}`,
      cache: [
        [CONSOLE_KEYS.user(ID), athlete],
        [CONSOLE_KEYS.userRequests(ID, 1, null, null), requests],
      ],
    });
    expect(html).toContain('href="/manage/request/r-1"');
    expect(html).toContain('href="/manage/request/@c-1"');
    expect(html).toContain('href="/manage/request/@camp-9"');
    expect(html).toContain('>R P</td>');
    expect(html).toContain(REQUEST_STATUS_LABELS[5]);
    expect(html).toContain('Not paid yet');
    // A share a payout covered in part says what reached the athlete, not 'Not paid yet'.
    expect(html).toContain('Paid in part: $40.00');
    // Only the finished, unpaid row promises a payout: the canceled one says none.
    expect(html.match(/Not paid yet/g)).toHaveLength(1);
  });
});

describe('the athlete editor', () => {
  it("checks each tab with the athlete's own settings' messages", () => {
    const values = athleteEditValuesOf(athlete);
    expect(athleteEditErrors(values, athlete)).toEqual({ general: {}, services: { rates: {} }, links: {} });
    const wrong = {
      general: { ...values.general, first_name: ' ', phone: '555', description: 'x'.repeat(LIMITS.description.max + 1), username: '' },
      services: defaultServiceSettings(),
      links: { ...values.links, instagram: 'not a link' },
      media: {},
    };
    const errors = athleteEditErrors(wrong, athlete);
    expect(errors.general).toEqual({ first_name: MESSAGES.required, phone: MESSAGES.phoneIncorrect, description: MESSAGES.descriptionTooLong, username: MESSAGES.required });
    expect(errors.services.form).toBe(MESSAGES.chooseServices);
    expect(errors.links.instagram).toBe(MESSAGES.invalidLink);
    expect(tabsWithErrors(errors)).toEqual(['general', 'services', 'links']);
  });

  it('sends the values as the athlete settings do: +1 phone, https links, null for an emptied link', () => {
    const values = athleteEditValuesOf(athlete);
    const edited = { ...values, general: { ...values.general, phone: '(310) 555-0199' }, links: { ...values.links, tiktok: '', instagram: 'instagram.com/jordan' } };
    expect(isDirty(values, edited)).toBe(true);
    expect(isDirty(values, athleteEditValuesOf(athlete))).toBe(false);
    const update = athleteUpdateOf(ID, edited);
    expect(update).toMatchObject({ user_id: ID, phone: '+13105550199', tiktok_link: null, instagram_link: 'https://instagram.com/jordan', gender: 1 });
    expect(update.athlete_services).toMatchObject({ shoutout_enabled: true, shoutout_rate: 50 });
  });

  it('puts a server refusal on its field', () => {
    expect(serverErrorsOf(new ApiError(ErrorCode.EmailTaken, 'Email is taken already', 409))?.general.email).toBe('Email is taken already');
    expect(serverErrorsOf(new ApiError(1400, 'Please enter valid link', 400, { instagram_link: 'Please enter valid link' }))?.links.instagram).toBe('Please enter valid link');
    expect(serverErrorsOf(new ApiError(1500, 'Unknown error occured', 500))).toBeNull();
  });

  it('draws the tabs General, Services and Social links', () => {
    const props = { user: athlete, onClose: () => undefined, onDirtyChange: () => undefined, onSaved: () => undefined };
    const general = render(<AthleteEditor {...props} />);
    for (const text of ['General', 'Services', 'Social links', 'First name', 'Phone', 'Photo', 'Intro video', 'Save', 'Close']) expect(general).toContain(text);
    expect(render(<AthleteEditor {...props} initialTab="services" />)).toContain('Video shoutout rate');
    expect(render(<AthleteEditor {...props} initialTab="links" />)).toContain('https://tiktok.com/@jordan');
  });

  it('asks before leaving only for a link to another page of this origin', () => {
    const here = { origin: 'https://huddle.test', pathname: `/manage/user/${ID}`, search: '' };
    expect(leavesPage('/manage/users', here)).toBe(true);
    expect(leavesPage(`/manage/user/${ID}?page=2`, here)).toBe(true);
    expect(leavesPage(`/manage/user/${ID}`, here)).toBe(false);
    expect(leavesPage('#top', here)).toBe(false);
    expect(leavesPage('https://tiktok.com/@jordan', here)).toBe(false);
  });
});

const push: CustomPush = {
  id: 'p1',
  name: 'Spring',
  subject: 'New athletes',
  message: 'Come and see',
  destination: { roles: [1, 3], user_ids: [], users: [] },
  status: 'draft',
  recipients_total: 0,
  recipients_done: 0,
  sent_at: null,
  created_at: 1772625600,
  updated_at: 1772625600,
};

describe('/manage/pushes', () => {
  it('shows the skeleton, the empty text and the list with its progress', () => {
    expect(render(<PushesScreen />)).toContain('Loading pushes');
    const empty: CustomPushPage = { pushes: [], total: 0, page: 1, page_size: 20, status_response };
    expect(render(<PushesScreen />, { cache: [[CONSOLE_KEYS.pushes('', 1), empty]] })).toContain(CONSOLE_TEXTS.noPushes);
    const list: CustomPushPage = { pushes: [push, { ...push, id: 'p2', name: 'Autumn', status: 'sending', recipients_total: 4200, recipients_done: 1000 }], total: 2, page: 1, page_size: 20, status_response };
    const html = render(<PushesScreen />, { cache: [[CONSOLE_KEYS.pushes('', 1), list]] });
    for (const text of ['Spring', 'New athletes', 'Fans, Businesses', 'Draft', 'Sending 1,000 of 4,200', 'Edit', 'Send', 'Delete', 'New push']) expect(html).toContain(text);
  });

  it("requires name, subject and message ('This field is required') before the destination", () => {
    const state: WizardState = { step: 1, draft: emptyDraft(), editing: null };
    expect(stepErrors(1, state.draft)).toEqual({ name: MESSAGES.required, subject: MESSAGES.required, message: MESSAGES.required });
    expect(nextStep(state)).toBe(state);
    expect(render(<PushWizardStep state={state} errors={stepErrors(1, state.draft)} onDraft={() => undefined} />)).toContain(MESSAGES.required);
    expect(stepErrors(1, { ...state.draft, name: 'x'.repeat(101), subject: 's', message: 'm' }).name).toBe('Must be at most 100 characters');
  });

  it('needs at least one role or one user, then confirms; Back returns step by step with everything kept', () => {
    const written = { ...emptyDraft(), name: 'Spring', subject: 'New athletes', message: 'Come and see' };
    const two = nextStep({ step: 1, draft: written, editing: null });
    expect(two.step).toBe(2);
    expect(stepErrors(2, two.draft)).toEqual({ destination: MESSAGES.pushDestinationRequired });
    expect(nextStep(two)).toBe(two);
    const withRoles = { ...two, draft: toggleRole(toggleRole(two.draft, 3, true), 1, true) };
    expect(withRoles.draft.roles).toEqual([1, 3]);
    const three = nextStep(withRoles);
    expect(three.step).toBe(3);
    expect(render(<PushWizardStep state={three} errors={{}} onDraft={() => undefined} />)).toContain('Fans, Businesses');
    expect(previousStep(three)).toEqual({ ...three, step: 2 });
    expect(previousStep(previousStep(three))).toEqual({ ...three, step: 1 });
    expect(pushInputOf(three.draft)).toEqual({ name: 'Spring', subject: 'New athletes', message: 'Come and see', destination: { roles: [1, 3] } });
  });

  it('sends to chosen users instead of roles when the picker is used', () => {
    const draft = toggleUser({ ...emptyDraft(), mode: 'users', roles: [2] }, { id: ID, name: 'Riley Parker', email: 'fan@huddle.test' }, true);
    expect(stepErrors(2, draft)).toEqual({});
    expect(pushInputOf(draft).destination).toEqual({ user_ids: [ID] });
    expect(stepErrors(2, toggleUser(draft, { id: ID, name: '', email: '' }, false))).toEqual({ destination: MESSAGES.pushDestinationRequired });
    expect(render(<PushWizardStep state={{ step: 2, draft, editing: null }} errors={{}} onDraft={() => undefined} />)).toContain('Remove Riley Parker');
  });

  it('says who a push goes to and how far its sending is', () => {
    expect(destinationText({ roles: [2], user_ids: [] })).toBe('Athletes');
    expect(destinationText({ roles: [], user_ids: ['a', 'b'] })).toBe('2 chosen users');
    expect(progressText({ status: 'sent', recipients_done: 3, recipients_total: 3 })).toBe('Sent to 3');
  });
});

describe('the admin frame', () => {
  it('offers every tab and Logout', () => {
    const html = render(
      <AdminFrame pathname="/manage/pushes">
        <p>screen</p>
      </AdminFrame>,
    );
    for (const [label, path] of [
      ['Users', '/manage/users'],
      ['Statistics', '/manage/stats'],
      ['Pushes', '/manage/pushes'],
      ['Payouts', '/manage/payouts'],
      ['Sent payouts', '/manage/sent-payouts'],
      ['Money', '/manage/money'],
    ]) {
      expect(html).toContain(`href="${path}"`);
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toContain('<a aria-current="page" href="/manage/pushes"');
    expect(html).toContain('Logout');
  });
});
