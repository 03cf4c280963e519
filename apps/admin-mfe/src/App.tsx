import { useLocation } from 'wouter';
import { RoleRoutes, ShellContextProvider, type RemoteAppProps } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { ADMIN_SCREENS } from './admin-screens';
import { AdminFrame } from './frame/AdminFrame';

/** The admin remote's one exposed module ('./App'): the console draws its own frame (the shell adds none). */
export default function App({ shell }: RemoteAppProps) {
  const [pathname] = useLocation();
  return (
    <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
      <AdminFrame pathname={pathname}>
        <RoleRoutes pathname={pathname} role={shell.role} screens={ADMIN_SCREENS} />
      </AdminFrame>
    </ShellContextProvider>
  );
}
