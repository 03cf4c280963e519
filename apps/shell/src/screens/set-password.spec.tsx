import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { ApiError, createApiClient } from '@huddle/api-client';
import { MESSAGES } from '@huddle/domain';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { documentTitle } from '../routing/route-titles';
import { shellScreenFor } from '../routing/shell-screen';
import { isInvalidLink, PASSWORDS_DIFFER, setPasswordErrors, setPasswordToken, setPasswordWithToken } from './set-password';
import { SetPasswordScreen } from './SetPasswordScreen';

function render(search: string): string {
  return renderToStaticMarkup(
    <Router ssrPath="/set-password" ssrSearch={search}>
      <SetPasswordScreen />
    </Router>,
  );
}

describe('/set-password (issue 22)', () => {
  it('is a signed-out screen of the shell with its own title', () => {
    expect(shellScreenFor('/set-password', -1)).toEqual({ kind: 'signed-out', route: '/set-password' });
    expect(documentTitle('/set-password', -1)).toBe('Set password · Huddle');
  });

  it("reads the link's token", () => {
    expect(setPasswordToken('?token=abc123')).toBe('abc123');
    expect(setPasswordToken('')).toBe('');
  });

  it("checks the password with sign-up's rules and the confirmation against it", () => {
    expect(setPasswordErrors('', '')).toEqual({ password: MESSAGES.passwordRequired, confirm: MESSAGES.required });
    expect(setPasswordErrors('short', 'short')).toEqual({ password: MESSAGES.passwordTooShort });
    expect(setPasswordErrors('long-enough', 'long-enougH')).toEqual({ confirm: PASSWORDS_DIFFER });
    expect(setPasswordErrors('long-enough', 'long-enough')).toEqual({});
  });

  it('shows the form for a link with a token, and a clear message for a link without one', () => {
    const form = render('?token=abc');
    expect(form).toContain('New password');
    expect(form).toContain('Confirm password');
    const broken = render('');
    expect(broken).toContain(ADMIN_MESSAGES.setPasswordLinkInvalid.replace(/'/g, '&#x27;'));
    expect(broken).toContain('href="/login"');
  });

  it('tells an invalid, used or expired link from a refused password', () => {
    expect(isInvalidLink(new ApiError(1400, ADMIN_MESSAGES.setPasswordLinkInvalid, 400, { token: ADMIN_MESSAGES.setPasswordLinkInvalid }))).toBe(true);
    expect(isInvalidLink(new ApiError(1400, MESSAGES.passwordTooShort, 400, { password: MESSAGES.passwordTooShort }))).toBe(false);
  });

  it('posts the token and the password, and reports the API’s refusal', async () => {
    const calls: Request[] = [];
    const ok = async (input: RequestInfo | URL) => {
      calls.push(input as Request);
      return new Response(JSON.stringify({ status_response: { status: 200, response_message: 'OK', response_internal_code: 0 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    await setPasswordWithToken('abc', 'long-enough', createApiClient({ baseUrl: 'http://huddle.test/api/v1', fetch: ok }));
    expect(calls[0]?.url).toBe('http://huddle.test/api/v1/user/accounts/password-set');
    expect(await calls[0]?.json()).toEqual({ token: 'abc', password: 'long-enough' });

    const refused = async () =>
      new Response(JSON.stringify({ status_response: { status: 400, response_message: ADMIN_MESSAGES.setPasswordLinkInvalid, response_internal_code: 1400 }, errors: { token: ADMIN_MESSAGES.setPasswordLinkInvalid } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    await expect(setPasswordWithToken('used', 'long-enough', createApiClient({ baseUrl: 'http://huddle.test/api/v1', fetch: refused }))).rejects.toMatchObject({ code: 1400, message: ADMIN_MESSAGES.setPasswordLinkInvalid });
  });
});
