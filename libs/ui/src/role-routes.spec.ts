import type { ComponentType } from 'react';
import { resolveScreen, type ScreenProps } from './role-routes';

const Dashboard: ComponentType<ScreenProps> = () => null;
const Athlete: ComponentType<ScreenProps> = () => null;
const screens = { '/dashboard': Dashboard, '/@:id': Athlete };

describe('resolveScreen', () => {
  it('picks the screen of the domain route and passes its params', () => {
    expect(resolveScreen(screens, '/dashboard', 0)).toEqual({ route: '/dashboard', params: {}, Screen: Dashboard });
    expect(resolveScreen(screens, '/@jordan.lee', 0)).toEqual({ route: '/@:id', params: { id: 'jordan.lee' }, Screen: Athlete });
  });

  it('finds nothing for a path the role may not open or the remote does not draw', () => {
    expect(resolveScreen(screens, '/requests', 0)).toBeNull();
    expect(resolveScreen(screens, '/requests', 1)).toBeNull();
  });
});
