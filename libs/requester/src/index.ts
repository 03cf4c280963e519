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

export { AthleteResults, type AthleteResultsState } from './dashboard/AthleteResults';
export { athleteInitials, athleteName, athletePath, athleteServicesPath, cardPhoto } from './athlete-card';
export { endorsementText, formatDollars, formatRate } from './format/rates';
export { ATHLETE_SEARCH_FIELDS, searchFieldOf, searchPlaceholder, type AthleteSearchField } from './dashboard/search-fields';
export { useAthleteSearch, useAthlete, useDiscoveryApi, DISCOVERY_KEYS } from './api/hooks';
export type {
  AthleteCard,
  AthleteProfile,
  AthleteReview,
  AthleteHistoryItem,
  AthleteSearchPage,
  AthleteSearchQuery,
  PublicAthlete,
} from './api/discovery-types';
export { isCampaignId } from './campaign-id';
