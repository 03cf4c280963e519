const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * The embedded provider's onboarding page: it plays Stripe's hosted Connect onboarding (who gets
 * paid, and where), so an athlete connects a payout account with no provider. Submitting with a
 * bank account makes the account ready; without one it stays restricted, as Stripe would leave it.
 */
export function renderSandboxOnboardingPage(input: { token: string; action: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Set up payouts</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f9fc; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0, 0, 0, .12); padding: 28px; width: min(400px, 90vw); box-sizing: border-box; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p.note { color: #606770; font-size: 13px; margin: 0 0 20px; }
  button { margin-top: 12px; width: 100%; padding: 11px; border: 0; border-radius: 6px; font-size: 16px; font-weight: 600; cursor: pointer; }
  .primary { background: #635bff; color: #fff; }
  .secondary { background: #e3e8ee; color: #1a1f36; }
</style>
</head>
<body>
<main>
  <h1>Set up payouts</h1>
  <p class="note">Sandbox payout provider of this Huddle server: it plays Stripe's onboarding. No bank details are asked for and nothing leaves this machine.</p>
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="token" value="${escapeHtml(input.token)}">
    <button class="primary" type="submit" name="bank_account" value="yes">Submit with a test bank account</button>
    <button class="secondary" type="submit" name="bank_account" value="no">Submit without a bank account</button>
  </form>
</main>
</body>
</html>
`;
}
