import { useLocation } from 'wouter';
import { RoleRoutes, ShellContextProvider, type RemoteAppProps } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { FAN_SCREENS } from './fan-screens';

/** The fan remote's one exposed module ('./App'): guest and fan screens under the shell's frame. */
export default function App({ shell }: RemoteAppProps) {
  const [pathname] = useLocation();
  return (
    <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
      <RoleRoutes pathname={pathname} role={shell.role} screens={FAN_SCREENS} />
    </ShellContextProvider>
  );
}
