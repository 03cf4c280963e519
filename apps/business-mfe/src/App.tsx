import { useLocation } from 'wouter';
import { RoleRoutes, ShellContextProvider, type RemoteAppProps } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { BUSINESS_SCREENS } from './business-screens';

/** The business remote's one exposed module ('./App'): business screens under the shell's frame. */
export default function App({ shell }: RemoteAppProps) {
  const [pathname] = useLocation();
  return (
    <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
      <RoleRoutes pathname={pathname} role={shell.role} screens={BUSINESS_SCREENS} />
    </ShellContextProvider>
  );
}
