import { lazy } from 'react';

// Each screen is its own chunk, fetched when first opened. A role's detail chunk carries its own
// action panel only; the detail frame they share is split out by the bundler, not duplicated.
export const RequestsScreen = lazy(() =>
  import(/* webpackChunkName: "requests" */ './RequestsScreen').then((m) => ({ default: m.RequestsScreen })),
);
export const RequesterRequestScreen = lazy(() =>
  import(/* webpackChunkName: "request-requester" */ './detail/RequesterActionPanel').then((m) => ({ default: m.RequesterRequestScreen })),
);
export const AthleteRequestScreen = lazy(() =>
  import(/* webpackChunkName: "request-athlete" */ './detail/AthleteActionPanel').then((m) => ({ default: m.AthleteRequestScreen })),
);
export const AdminRequestScreen = lazy(() =>
  import(/* webpackChunkName: "request-admin" */ './detail/AdminActionPanel').then((m) => ({ default: m.AdminRequestScreen })),
);

export { browserTimeZone, CHART_PERIODS, useCountersPart, useLiveNotificationRefresh, type ChartPeriod, type RequestCounters } from './api/counters';
