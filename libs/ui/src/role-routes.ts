import { matchRoute, type RoleCode } from '@huddle/domain';
import type { ComponentType } from 'react';

export interface ScreenProps {
  /** Params captured by the domain's route pattern ('/request/:id' gives `id`). */
  params: Readonly<Record<string, string>>;
}

/** A remote's screens keyed by the domain's route patterns ('/dashboard', '/@:id', ...). */
export type ScreenMap = Readonly<Record<string, ComponentType<ScreenProps>>>;

export interface ResolvedScreen {
  route: string;
  params: Record<string, string>;
  Screen: ComponentType<ScreenProps>;
}

/** The screen a remote shows for a path: the domain matches the route, the remote supplies the screen. */
export function resolveScreen(screens: ScreenMap, pathname: string, role: RoleCode): ResolvedScreen | null {
  const match = matchRoute(pathname, role);
  if (!match) return null;
  const Screen = screens[match.route.path];
  return Screen ? { route: match.route.path, params: match.params, Screen } : null;
}
