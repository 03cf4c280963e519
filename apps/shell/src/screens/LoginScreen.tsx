import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { MESSAGES, messageForCode } from '@huddle/domain';
import { Button, TextField, type ShellAccount } from '@huddle/ui';
import { businessSignInUrl, checkBusinessSignIn, signIn, signInErrorOf } from '../api/auth-api';
import { API_BASE, errorMessage } from '../api/http';
import { AuthLayout } from './AuthLayout';
import { withReturnTo } from './return-to';
import { hasErrors, requiredErrors, type FieldErrors } from './form-errors';

export interface LoginScreenProps {
  onSignedIn: (account: ShellAccount) => void;
  onContinueAsGuest: () => void;
}

type Field = 'email' | 'password';

/** An unguessable value for the OAuth round trip; the API checks it comes back unchanged. */
function oauthState(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return Math.random().toString(36).slice(2) + Date.now().toString(36);
}

export function LoginScreen({ onSignedIn, onContinueAsGuest }: LoginScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  // The business sign-in callback returns here with ?error=<code> (12002: a regular account).
  const search = useSearch();
  const callbackError = signInErrorOf(search);

  const [businessError, setBusinessError] = useState<string | null>(null);

  const businessSignIn = async () => {
    setBusinessError(null);
    setRedirecting(true);
    try {
      await checkBusinessSignIn(window.location.origin);
    } catch (error) {
      setBusinessError(errorMessage(error));
      setRedirecting(false);
      return;
    }
    window.location.assign(businessSignInUrl(API_BASE, oauthState(), window.location.origin));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = requiredErrors({ email, password }, { email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired });
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      onSignedIn(await signIn(email, password));
    } catch (error) {
      // The server's message belongs under the password field (spec §5, sign-in).
      setErrors({ password: errorMessage(error) });
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout>
      <h1 className="auth__title">Welcome back</h1>
      <p className="auth__lead">Log in to book athletes and follow your requests.</p>
      {callbackError !== null && (
        <p className="auth__alert" role="alert">
          {messageForCode(callbackError)}
        </p>
      )}
      <form className="auth__form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <div className="auth__row">
          <Link href="/restore" className="hd-link">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block loading={submitting}>
          Log in
        </Button>
      </form>
      <div className="auth__divider">or</div>
      <Button variant="secondary" block onClick={onContinueAsGuest}>
        Continue as guest
      </Button>
      <Button variant="ghost" block className="auth__business" loading={redirecting} onClick={() => void businessSignIn()}>
        Business sign-in
      </Button>
      {businessError !== null && (
        <p className="auth__alert" role="alert">
          {businessError}
        </p>
      )}
      <p className="auth__footer">
        New to Huddle?{' '}
        <Link href={withReturnTo('/signup', search)} className="hd-link">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
