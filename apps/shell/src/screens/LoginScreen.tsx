import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MESSAGES } from '@huddle/domain';
import { Button, TextField, type ShellAccount } from '@huddle/ui';
import { signIn } from '../api/auth-api';
import { errorMessage } from '../api/http';
import { AuthLayout } from './AuthLayout';
import { hasErrors, requiredErrors, type FieldErrors } from './form-errors';

export interface LoginScreenProps {
  onSignedIn: (account: ShellAccount) => void;
  onContinueAsGuest: () => void;
}

type Field = 'email' | 'password';

export function LoginScreen({ onSignedIn, onContinueAsGuest }: LoginScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);

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
      <p className="auth__footer">
        New to Huddle?{' '}
        <Link href="/signup" className="hd-link">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
