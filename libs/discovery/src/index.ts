import { lazy } from 'react';
import './discovery.css';

// The dashboard is the first screen of guests and fans, so it ships with the remote's App; every
// other screen is its own chunk, fetched when first opened. Both profile routes share one chunk.
export { DashboardScreen } from './dashboard/DashboardScreen';
export const AthleteProfileScreen = lazy(() =>
  import(/* webpackChunkName: "athlete-profile" */ './profile/AthleteProfileScreen').then((m) => ({ default: m.AthleteProfileScreen })),
);
export const WatchScreen = lazy(() => import(/* webpackChunkName: "watch" */ './watch/WatchScreen').then((m) => ({ default: m.WatchScreen })));
export const AthleteServicesScreen = lazy(() =>
  import(/* webpackChunkName: "athlete-profile" */ './profile/AthleteProfileScreen').then((m) => ({ default: m.AthleteServicesScreen })),
);
