import { lazy } from 'react';

// No booking screen is a role's first screen: each is its own chunk, fetched when first opened.
export const BookingFormScreen = lazy(() =>
  import(/* webpackChunkName: "booking-form" */ './BookingFormScreen').then((m) => ({ default: m.BookingFormScreen })),
);
