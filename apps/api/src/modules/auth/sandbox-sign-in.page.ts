const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

export interface SandboxPageInput {
  state: string;
  action: string;
  name?: string;
  email?: string;
  accountType?: 'company' | 'regular';
  error?: string;
}

/**
 * The embedded provider's sign-in page: it plays the social provider's part (who you are, and
 * whether this is a company or a regular account) so business sign-in runs with no provider.
 */
export function renderSandboxSignInPage(input: SandboxPageInput): string {
  const regular = input.accountType === 'regular';
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with your business account</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f0f2f5; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0, 0, 0, .12); padding: 28px; width: min(380px, 90vw); }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.note { color: #606770; font-size: 13px; margin: 0 0 20px; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input[type=text], input[type=email] { box-sizing: border-box; width: 100%; padding: 10px; border: 1px solid #ccd0d5; border-radius: 6px; font-size: 15px; }
  fieldset { border: 0; padding: 0; margin: 16px 0 0; }
  fieldset label { display: flex; gap: 8px; align-items: center; margin: 6px 0; }
  button { margin-top: 20px; width: 100%; padding: 11px; border: 0; border-radius: 6px; background: #1877f2; color: #fff; font-size: 16px; font-weight: 600; cursor: pointer; }
  .error { color: #c62828; font-size: 14px; }
</style>
</head>
<body>
<main>
  <h1>Sign in with your business account</h1>
  <p class="note">Sandbox sign-in provider of this Huddle server. Nothing leaves this machine.</p>
  ${error}
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="state" value="${escapeHtml(input.state)}">
    <label for="name">Name</label>
    <input id="name" name="name" type="text" required maxlength="200" value="${escapeHtml(input.name ?? '')}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required maxlength="254" value="${escapeHtml(input.email ?? '')}">
    <fieldset>
      <legend>Account type</legend>
      <label><input type="radio" name="account_type" value="company"${regular ? '' : ' checked'}> Company account</label>
      <label><input type="radio" name="account_type" value="regular"${regular ? ' checked' : ''}> Regular account</label>
    </fieldset>
    <button type="submit">Continue</button>
  </form>
</main>
</body>
</html>
`;
}
