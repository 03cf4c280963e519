import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { ADMIN_MESSAGES } from '@huddle/domain/admin';
import { Button, Icon, TextField, buttonClassName } from '@huddle/ui';
import { errorMessage } from '../api/http';
import { AuthLayout } from './AuthLayout';
import { hasErrors, type FieldErrors } from './form-errors';
import { isInvalidLink, PASSWORD_SET, setPasswordErrors, setPasswordToken, setPasswordWithToken, type SetPasswordField } from './set-password';

function Done() {
  return (
    <div className="auth__success" role="status">
      <span className="auth__success-icon">
        <Icon name="check" size={28} />
      </span>
      <h1 className="auth__title">{PASSWORD_SET.title}</h1>
      <p className="auth__lead">{PASSWORD_SET.text}</p>
      <Link href="/login" className={buttonClassName('primary', 'md', true)}>
        Log in
      </Link>
    </div>
  );
}

function InvalidLink() {
  return (
    <div role="alert">
      <h1 className="auth__title">This link does not work</h1>
      <p className="auth__lead">{ADMIN_MESSAGES.setPasswordLinkInvalid}</p>
      <p className="auth__footer">
        <Link href="/login" className="hd-link">
          Go to log in
        </Link>
      </p>
    </div>
  );
}

/**
 * /set-password?token= (issue 22): an account an administrator added gets its first password from
 * the emailed single-use link, with sign-up's rules and a confirmation; then it logs in. A link
 * without a token, used, expired or wrong says so instead of showing the form again.
 */
export function SetPasswordScreen() {
  const token = setPasswordToken(useSearch());
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SetPasswordField>>({});
  const [state, setState] = useState<'form' | 'sending' | 'done' | 'invalid'>(token ? 'form' : 'invalid');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    const found = setPasswordErrors(password, confirm);
    setErrors(found);
    if (hasErrors(found)) return;
    setState('sending');
    try {
      await setPasswordWithToken(token, password);
      setState('done');
    } catch (failure) {
      if (isInvalidLink(failure)) setState('invalid');
      else {
        setErrors({ password: errorMessage(failure) });
        setState('form');
      }
    }
  };

  let body;
  if (state === 'done') body = <Done />;
  else if (state === 'invalid') body = <InvalidLink />;
  else
    body = (
      <>
        <h1 className="auth__title">Choose your password</h1>
        <p className="auth__lead">Your Huddle account is ready. Choose a password, then log in and finish your profile.</p>
        <form className="auth__form" onSubmit={submit} noValidate>
          <TextField label="New password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} error={errors.password} />
          <TextField label="Confirm password" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} error={errors.confirm} />
          <Button type="submit" block loading={state === 'sending'}>
            Set password
          </Button>
        </form>
      </>
    );
  return <AuthLayout>{body}</AuthLayout>;
}
