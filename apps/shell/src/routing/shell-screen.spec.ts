import { shellScreenFor } from './shell-screen';

describe('shellScreenFor', () => {
  it('routes nothing while the session is authorizing', () => {
    expect(shellScreenFor('/requests', null)).toEqual({ kind: 'authorizing' });
  });

  it('lands a guest opening / on the dashboard, and a signed-out visitor on /login', () => {
    expect(shellScreenFor('/', 0)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(shellScreenFor('/', -1)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('asks a signed-out visitor or a guest who opens a signed-in page (a link from an email) to sign in, and to come back there', () => {
    expect(shellScreenFor('/requests', -1)).toEqual({ kind: 'redirect', to: '/login?next=%2Frequests' });
    expect(shellScreenFor('/request/6f1c1a8e', 0)).toEqual({ kind: 'redirect', to: '/login?next=%2Frequest%2F6f1c1a8e' });
    expect(shellScreenFor('/notifications', 0, '?from=email')).toEqual({ kind: 'redirect', to: '/login?next=%2Fnotifications%3Ffrom%3Demail' });
    expect(shellScreenFor('/nowhere', 0)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('opens a shared profile link for a signed-out visitor by making them a guest', () => {
    expect(shellScreenFor('/@jordan', -1)).toEqual({ kind: 'enter-as-guest' });
    expect(shellScreenFor('/p/@jordan', -1)).toEqual({ kind: 'enter-as-guest' });
  });

  it('gives a guest who asks for a sign-in screen that screen', () => {
    expect(shellScreenFor('/login', 0)).toEqual({ kind: 'signed-out', route: '/login' });
    expect(shellScreenFor('/signup', 0)).toEqual({ kind: 'signed-out', route: '/signup' });
  });

  it('draws the signed-out screens itself', () => {
    expect(shellScreenFor('/login', -1)).toEqual({ kind: 'signed-out', route: '/login' });
    expect(shellScreenFor('/restore', -1)).toEqual({ kind: 'signed-out', route: '/restore' });
    expect(shellScreenFor('/signup', -1)).toEqual({ kind: 'signed-out', route: '/signup' });
  });

  it('gives guests and fans the fan remote, framed', () => {
    expect(shellScreenFor('/dashboard', 0)).toEqual({ kind: 'remote', remote: 'fan', route: '/dashboard', framed: true });
    expect(shellScreenFor('/@jordan', 0)).toEqual({ kind: 'remote', remote: 'fan', route: '/@:id', framed: true });
    expect(shellScreenFor('/requests', 1)).toMatchObject({ kind: 'remote', remote: 'fan' });
  });

  it('keeps guests out of member pages and signed-in users out of the sign-in screens', () => {
    expect(shellScreenFor('/requests', 0)).toEqual({ kind: 'redirect', to: '/login?next=%2Frequests' });
    expect(shellScreenFor('/login', 1)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends incomplete profiles to the setup wizard of their remote', () => {
    expect(shellScreenFor('/dashboard', 12)).toEqual({ kind: 'redirect', to: '/signup' });
    expect(shellScreenFor('/signup', 12)).toEqual({ kind: 'remote', remote: 'athlete', route: '/signup', framed: true });
    expect(shellScreenFor('/signup', 13)).toMatchObject({ remote: 'business' });
  });

  it('opens role-only pages for their role alone', () => {
    expect(shellScreenFor('/locker-room', 2)).toMatchObject({ kind: 'remote', remote: 'athlete' });
    expect(shellScreenFor('/locker-room', 1)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(shellScreenFor('/stats', 3)).toMatchObject({ kind: 'remote', remote: 'business' });
  });

  it('gives the administrator the admin remote without the shell frame', () => {
    expect(shellScreenFor('/manage/users', 4)).toEqual({ kind: 'remote', remote: 'admin', route: '/manage/users', framed: false });
    expect(shellScreenFor('/dashboard', 4)).toEqual({ kind: 'redirect', to: '/manage/users' });
  });
});
