import { lazy, Suspense } from 'react';
import { SkeletonList } from '@huddle/ui';

// Leaflet and its stylesheet download only with the services step or settings, never with a first screen.
const LocationsEditor = lazy(() => import(/* webpackChunkName: "location-picker" */ './LocationsEditor'));

/** The athlete's travel locations with the map picker (spec §2), loaded on demand. */
export function LocationPicker() {
  return (
    <Suspense fallback={<SkeletonList count={3} label="Loading the map" />}>
      <LocationsEditor />
    </Suspense>
  );
}
