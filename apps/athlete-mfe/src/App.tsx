import { useLocation } from 'wouter';
import { RoleRoutes, ShellContextProvider, type RemoteAppProps } from '@huddle/ui';
import { ATHLETE_SCREENS } from './athlete-screens';

/** The athlete remote's one exposed module ('./App'): athlete screens under the shell's frame. */
export default function App({ shell }: RemoteAppProps) {
  const [pathname] = useLocation();
  return (
    <ShellContextProvider value={shell}>
      <RoleRoutes pathname={pathname} role={shell.role} screens={ATHLETE_SCREENS} />
    </ShellContextProvider>
  );
}
