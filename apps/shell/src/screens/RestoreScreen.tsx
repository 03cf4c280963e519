import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ErrorCode, isValidResetCode, LIMITS, MESSAGES } from '@huddle/domain';
import { Button, Icon, TextField } from '@huddle/ui';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api';
import { ApiError } from '@huddle/api-client';
import { errorMessage } from '../api/http';
import { AuthLayout } from './AuthLayout';
import { CodeInput } from './CodeInput';
import { hasErrors, requiredErrors, type FieldErrors } from './form-errors';

/** The email a code was sent to, kept for this tab so a reload stays on the confirmation view. */
const RESTORE_EMAIL_KEY = 'huddle.restore-email';

function readStoredEmail(): string {
  try {
    return window.sessionStorage.getItem(RESTORE_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeEmail(email: string | null): void {
  try {
    if (email) window.sessionStorage.setItem(RESTORE_EMAIL_KEY, email);
    else window.sessionStorage.removeItem(RESTORE_EMAIL_KEY);
  } catch {
    // Without sessionStorage the confirmation view simply does not survive a reload.
  }
}

function RequestCodeStep({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(MESSAGES.emailRequired);
      return;
    }
    setSubmitting(true);
    try {
      await requestPasswordReset(email);
      onSent(email.trim());
    } catch (failure) {
      setError(errorMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <>
      <h1 className="auth__title">Reset your password</h1>
      <p className="auth__lead">Enter the email you signed up with and we will send you a 6-digit code.</p>
      <form className="auth__form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit" block loading={submitting}>
          Send code
        </Button>
      </form>
      <p className="auth__footer">
        <Link href="/login" className="hd-link">
          Back to log in
        </Link>
      </p>
    </>
  );
}

type ConfirmField = 'code' | 'password';

function ConfirmStep({ email, onCancel, onDone }: { email: string; onCancel: () => void; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ConfirmField>>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = requiredErrors({ code, password }, { code: MESSAGES.enterCode, password: MESSAGES.passwordRequired });
    if (!found.code && !isValidResetCode(code)) found.code = MESSAGES.enterCode;
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await confirmPasswordReset(email, code.trim(), password);
      onDone();
    } catch (failure) {
      const wrongCode = failure instanceof ApiError && failure.code === ErrorCode.IncorrectResetCode;
      setErrors(wrongCode ? { code: errorMessage(failure) } : { password: errorMessage(failure) });
      setSubmitting(false);
    }
  };

  return (
    <>
      <h1 className="auth__title">Check your email</h1>
      <p className="auth__lead">
        We sent a {LIMITS.resetCode.length}-digit code to <strong>{email}</strong>. Enter it with your new password.
      </p>
      <form className="auth__form" onSubmit={submit} noValidate>
        <CodeInput
          label="Code"
          length={LIMITS.codeInputFields}
          value={code}
          onChange={setCode}
          error={errors.code}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <Button type="submit" block loading={submitting}>
          Reset password
        </Button>
        <Button variant="ghost" block onClick={onCancel}>
          Cancel
        </Button>
      </form>
    </>
  );
}

function RestoredView({ onLogin }: { onLogin: () => void }) {
  return (
    <div className="auth__success" role="status">
      <span className="auth__success-icon">
        <Icon name="check" size={28} />
      </span>
      <h1 className="auth__title">{MESSAGES.passwordRestored.title}</h1>
      <p className="auth__lead">{MESSAGES.passwordRestored.text}</p>
      <Button block onClick={onLogin}>
        Log in
      </Button>
    </div>
  );
}

/** /restore (spec §2): request a code, then confirm it with a new password; Cancel goes back. */
export function RestoreScreen() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState(readStoredEmail);
  const [restored, setRestored] = useState(false);

  const rememberEmail = (value: string | null) => {
    storeEmail(value);
    setEmail(value ?? '');
  };

  const finish = () => {
    rememberEmail(null);
    setRestored(true);
  };

  let step;
  if (restored) step = <RestoredView onLogin={() => navigate('/login')} />;
  else if (email) step = <ConfirmStep email={email} onCancel={() => rememberEmail(null)} onDone={finish} />;
  else step = <RequestCodeStep onSent={rememberEmail} />;

  return <AuthLayout>{step}</AuthLayout>;
}
