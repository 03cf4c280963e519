import { lazy, Suspense } from 'react';
import { SkeletonList } from '@huddle/ui';
import type { PlacePickerProps } from './PlacePicker';

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

const LazyPlacePicker = lazy(() => import(/* webpackChunkName: "location-picker" */ './PlacePicker'));

/** A booking's place on the map with the geocoder (spec §5), loaded on demand like the travel map. */
export function PlaceField(props: PlacePickerProps) {
  return (
    <Suspense fallback={<SkeletonList count={2} label="Loading the map" />}>
      <LazyPlacePicker {...props} />
    </Suspense>
  );
}
