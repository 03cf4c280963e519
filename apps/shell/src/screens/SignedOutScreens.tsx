import type { ShellAccount } from '@huddle/ui';
import { LoginScreen } from './LoginScreen';
import { RestoreScreen } from './RestoreScreen';
import { SetPasswordScreen } from './SetPasswordScreen';
import { SignupScreen } from './SignupScreen';

export interface SignedOutScreensProps {
  /** The route pattern the domain matched ('/login', '/restore', '/signup' or '/set-password'). */
  route: string;
  onSignedIn: (account: ShellAccount) => void;
  onContinueAsGuest: () => void;
}

/** The shell-owned screens of role -1, loaded as one chunk that guests and members never fetch. */
export default function SignedOutScreens({ route, onSignedIn, onContinueAsGuest }: SignedOutScreensProps) {
  if (route === '/restore') return <RestoreScreen />;
  if (route === '/set-password') return <SetPasswordScreen />;
  if (route === '/signup') return <SignupScreen onSignedIn={onSignedIn} />;
  return <LoginScreen onSignedIn={onSignedIn} onContinueAsGuest={onContinueAsGuest} />;
}
