import { Suspense } from 'react';
import type { RoleCode } from '@huddle/domain';
import { EmptyView } from './EmptyView';
import { LoadingView } from './LoadingView';
import { resolveScreen, type ScreenMap } from './role-routes';

export interface RoleRoutesProps {
  pathname: string;
  role: RoleCode;
  screens: ScreenMap;
}

/**
 * A remote's route switch. Route rules live in @huddle/domain (the shell has already redirected
 * paths the role may not open); this only picks the remote's screen for the matched pattern.
 */
export function RoleRoutes({ pathname, role, screens }: RoleRoutesProps) {
  const resolved = resolveScreen(screens, pathname, role);
  if (!resolved) return <EmptyView title="Page not found" text="This page does not exist or has moved." />;
  const { Screen, route, params } = resolved;
  return (
    <Suspense fallback={<LoadingView />}>
      <Screen key={route} params={params} />
    </Suspense>
  );
}
