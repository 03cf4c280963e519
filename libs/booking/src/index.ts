import { lazy } from 'react';

// No booking screen is a role's first screen: each is its own chunk, fetched when first opened.
export const BookingFormScreen = lazy(() =>
  import(/* webpackChunkName: "booking-form" */ './BookingFormScreen').then((m) => ({ default: m.BookingFormScreen })),
);
/** /request-form/b/endorsement_campaign: businesses only, so only the business remote maps it. */
export const CampaignFormScreen = lazy(() =>
  import(/* webpackChunkName: "campaign-form" */ './campaign/CampaignFormScreen').then((m) => ({ default: m.CampaignFormScreen })),
);
