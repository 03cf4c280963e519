import { lazy } from 'react';
import './requester.css';

// The dashboard is the first screen of guests and fans, so it ships with the remote's App; every
// other screen is its own chunk, fetched when first opened. Both profile routes share one chunk.
export { DashboardScreen } from './dashboard/DashboardScreen';
export const AthleteProfileScreen = lazy(() =>
  import(/* webpackChunkName: "athlete-profile" */ './profile/AthleteProfileScreen').then((m) => ({ default: m.AthleteProfileScreen })),
);
export const AthleteServicesScreen = lazy(() =>
  import(/* webpackChunkName: "athlete-profile" */ './profile/AthleteProfileScreen').then((m) => ({ default: m.AthleteServicesScreen })),
);
export const BookingFormScreen = lazy(() => import('./BookingFormScreen').then((m) => ({ default: m.BookingFormScreen })));
export const RequestDetailScreen = lazy(() =>
  import('./RequestDetailScreen').then((m) => ({ default: m.RequestDetailScreen })),
);

export { isCampaignId } from './campaign-id';
