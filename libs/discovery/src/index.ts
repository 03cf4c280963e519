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

// The athlete search's pieces for other screens that find athletes (the campaign picker of
// @huddle/booking): the same field selector, the same filter rules, the same names on cards.
export { ATHLETE_SEARCH_FIELDS, DEFAULT_SEARCH_FIELD, searchFieldOf, searchPlaceholder, type AthleteSearchField } from './dashboard/search-fields';
export { MAX_FILTER_LENGTH, normaliseFilter } from './dashboard/dashboard-query';
export { athleteCaption, athleteInitials, athleteName, athletePath, cardPhoto } from './athlete-card';
export type { AthleteCard } from './api/discovery-types';
