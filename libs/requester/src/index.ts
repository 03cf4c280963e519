import { lazy } from 'react';
import './requester.css';

// The dashboard is the first screen of guests and fans, so it ships with the remote's App; every
// other screen is its own chunk, fetched when first opened.
export { DashboardScreen } from './DashboardScreen';
export const AthleteProfileScreen = lazy(() =>
  import('./AthleteProfileScreen').then((m) => ({ default: m.AthleteProfileScreen })),
);
export const AthleteServicesScreen = lazy(() =>
  import('./AthleteProfileScreen').then((m) => ({ default: m.AthleteServicesScreen })),
);
export const BookingFormScreen = lazy(() => import('./BookingFormScreen').then((m) => ({ default: m.BookingFormScreen })));
export const RequestDetailScreen = lazy(() =>
  import('./RequestDetailScreen').then((m) => ({ default: m.RequestDetailScreen })),
);

export { AthleteResults, type AthleteResultsState } from './AthleteResults';
export { athleteInitials, athleteName, athletePath, formatDollars, type AthleteCard } from './athlete-card';
export { ATHLETE_SEARCH_FIELDS, searchFieldOf, searchPlaceholder, type AthleteSearchField } from './search-fields';
export { isCampaignId } from './campaign-id';
