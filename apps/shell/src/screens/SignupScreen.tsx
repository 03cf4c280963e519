import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { normalizePhone, RETURN_TO_PARAM, UserType } from '@huddle/domain';
import { Button, Icon, TextField, type ShellAccount } from '@huddle/ui';
import { signUp } from '../api/auth-api';
import { errorMessage } from '../api/http';
import { AuthLayout } from './AuthLayout';
import { hasErrors, type FieldErrors } from './form-errors';
import { signupErrors, type SignupField, type SignupValues } from './signup-validation';
import { EulaModal } from './EulaModal';
import { withReturnTo } from './return-to';

/** The account types a visitor can create, in the spec's order (Athlete, Fan, Business). */
const ROLE_OPTIONS = [
  { slug: 'athlete', type: UserType.Athlete, name: 'Athlete', text: 'Offer appearances, shoutouts, training and more.' },
  { slug: 'fan', type: UserType.Fan, name: 'Fan', text: 'Book your favourite college athletes.' },
  { slug: 'business', type: UserType.Business, name: 'Business', text: 'Run endorsements and campaigns with athletes.' },
] as const;

type RoleOption = (typeof ROLE_OPTIONS)[number];
function RoleChoice({ onChoose }: { onChoose: (option: RoleOption) => void }) {
  const search = useSearch();
  return (
    <>
      <h1 className="auth__title">Join Huddle</h1>
      <p className="auth__lead">How will you use Huddle?</p>
      <div className="role-choice">
        {ROLE_OPTIONS.map((option) => (
          <button key={option.slug} type="button" className="role-choice__option" onClick={() => onChoose(option)}>
            <span className="role-choice__mark" aria-hidden="true">
              {option.name[0]}
            </span>
            <span>
              <span className="role-choice__name">{option.name}</span>
              <span className="role-choice__text">{option.text}</span>
            </span>
          </button>
        ))}
      </div>
      <p className="auth__footer">
        Already have an account?{' '}
        <Link href={withReturnTo('/login', search)} className="hd-link">
          Log in
        </Link>
      </p>
    </>
  );
}

function AccountForm({
  option,
  onBack,
  onSignedIn,
}: {
  option: RoleOption;
  onBack: () => void;
  onSignedIn: (account: ShellAccount) => void;
}) {
  const [values, setValues] = useState<SignupValues>({ email: '', password: '', phone: '', eulaAccepted: false });
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [eulaOpen, setEulaOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = signupErrors(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const { email, password, phone } = values;
      onSignedIn(await signUp({ userType: option.type, email, password, phone: normalizePhone(phone) }));
    } catch (failure) {
      // The server's answer (for example 'Email is taken already') shows on the email field (spec §5).
      setErrors({ email: errorMessage(failure) });
      setSubmitting(false);
    }
  };

  return (
    <>
      <button type="button" className="hd-button hd-button--ghost hd-button--sm" onClick={onBack}>
        <Icon name="back" size={16} />
        Account type
      </button>
      <h1 className="auth__title">Create your {option.name.toLowerCase()} account</h1>
      <p className="auth__lead">{option.text}</p>
      <form className="auth__form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          error={errors.password}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          hint="US numbers only"
          value={values.phone}
          onChange={(event) => set('phone', event.target.value)}
          error={errors.phone}
        />
        <div className={errors.eula ? 'hd-field hd-field--invalid' : 'hd-field'}>
          <label className="hd-check">
            <input
              type="checkbox"
              checked={values.eulaAccepted}
              onChange={(event) => set('eulaAccepted', event.target.checked)}
            />
            <span>
              I accept the{' '}
              <button type="button" className="hd-link hd-link--button" onClick={() => setEulaOpen(true)}>
                End User License Agreement
              </button>
            </span>
          </label>
          {errors.eula && (
            <p className="hd-field__error" role="alert">
              {errors.eula}
            </p>
          )}
        </div>
        <Button type="submit" block loading={submitting}>
          Create account
        </Button>
      </form>
      <EulaModal
        open={eulaOpen}
        onAccept={() => {
          set('eulaAccepted', true);
          setEulaOpen(false);
        }}
        onDecline={() => {
          set('eulaAccepted', false);
          setEulaOpen(false);
        }}
      />
    </>
  );
}

/** /signup for signed-out visitors (spec §2): choose Athlete, Fan or Business, then the account form. */
export function SignupScreen({ onSignedIn }: { onSignedIn: (account: ShellAccount) => void }) {
  const [, navigate] = useLocation();
  // The chosen type lives in the URL, so the browser's back button returns to the choice.
  const params = new URLSearchParams(useSearch());
  const chosen = params.get('as');
  const option = ROLE_OPTIONS.find((candidate) => candidate.slug === chosen);
  // Where the visitor was asked to sign up (?next=) stays in the URL through the choice, the form
  // and the profile wizard, so finishing the wizard comes back there (App's redirect).
  const next = params.get(RETURN_TO_PARAM);
  const signupPath = (as?: string) => {
    const query = new URLSearchParams({ ...(as && { as }), ...(next && { [RETURN_TO_PARAM]: next }) }).toString();
    return query ? `/signup?${query}` : '/signup';
  };

  return (
    <AuthLayout>
      {option ? (
        <AccountForm option={option} onBack={() => navigate(signupPath())} onSignedIn={onSignedIn} />
      ) : (
        <RoleChoice onChoose={(choice) => navigate(signupPath(choice.slug))} />
      )}
    </AuthLayout>
  );
}
