import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { apiErrorFromReply, toApiError } from '@huddle/api-client';
import { ErrorCode, MESSAGES } from '@huddle/domain';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { SandboxCardForm } from './SandboxCardForm';

function refusal(message: string) {
  return apiErrorFromReply(429, { status_response: { status: 429, response_message: message, response_internal_code: ErrorCode.TooManyRequests } });
}

function renderForm(finishError: string | null): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ShellContextProvider value={testShell()} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <SandboxCardForm clientSecret="pi_sbx_1_secret_x" amount={25} onConfirmed={() => undefined} finishing={false} finishError={finishError} />
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

describe('the checkout card form and the money limits (issue 21)', () => {
  it("shows a limit's own message, as the API words it, not the generic 1429 text", () => {
    for (const message of [MESSAGES.checkoutPaused(), MESSAGES.tooManyPaymentAttempts, MESSAGES.tooManyCardSaves]) {
      const error = toApiError(refusal(message));
      expect([error.code, error.status, error.message]).toEqual([ErrorCode.TooManyRequests, 429, message]);
    }
  });

  it('puts a refusal under the form like a provider message, with the form ready for another try', () => {
    const html = renderForm(MESSAGES.tooManyPaymentAttempts);
    expect(html).toContain(`role="alert">${MESSAGES.tooManyPaymentAttempts}</p>`);
    expect(html.indexOf('role="alert"')).toBeGreaterThan(html.indexOf('Card number'));
    expect(html).not.toMatch(/<input[^>]*disabled/);
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });
});
