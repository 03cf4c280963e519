import { useLocation } from 'wouter';
import { RoleRoutes, ShellContextProvider, type RemoteAppProps } from '@huddle/ui';
import { FAN_SCREENS } from './fan-screens';

/** The fan remote's one exposed module ('./App'): guest and fan screens under the shell's frame. */
export default function App({ shell }: RemoteAppProps) {
  const [pathname] = useLocation();
  return (
    <ShellContextProvider value={shell}>
      <RoleRoutes pathname={pathname} role={shell.role} screens={FAN_SCREENS} />
    </ShellContextProvider>
  );
}
