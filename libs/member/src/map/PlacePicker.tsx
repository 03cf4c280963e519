import { useEffect, useRef, useState } from 'react';
import type L from 'leaflet';
import { LIMITS } from '@huddle/domain';
import type { GeocodeResult } from '../api/account-types';
import { useMemberApi } from '../api/hooks';
import { BaseMap, showResult } from './BaseMap';
import { MAP_DEFAULTS } from './map-geometry';
import { usePlaceSearch, usePlaceUnderPin } from './place-lookup';
import { PlaceSearch } from './PlaceSearch';
import '../member.css';

/** A place of a booking: the geocoder's address and its coordinates. */
export interface PickedPlace {
  address: string;
  latitude: number;
  longitude: number;
}

export interface PlacePickerProps {
  label: string;
  value: PickedPlace | null;
  onChange: (place: PickedPlace) => void;
  error?: string | null;
}

/**
 * Where a booked event happens: the same map and geocoder as the athlete's travel locations (spec
 * §2), with the search box and the pin in the middle, but one place and no radius. The place is
 * taken once its address is known: picked from the results, or looked up after the map stops.
 * Loaded on demand, with Leaflet and react-leaflet.
 */
export default function PlacePicker({ label, value, onChange, error }: PlacePickerProps) {
  const api = useMemberApi();
  const mapRef = useRef<L.Map | null>(null);
  const knownAddress = useRef<string | null>(null);
  const start = useRef(value ? { lat: value.latitude, lng: value.longitude } : MAP_DEFAULTS.center).current;
  const [center, setCenter] = useState(start);
  const pinPlace = usePlaceUnderPin(api, center, start, knownAddress, value?.address ?? LIMITS.defaultMapCenter.name);
  const search = usePlaceSearch(api);
  const issue = search.issue ?? pinPlace.issue;
  const changed = useRef(onChange);
  changed.current = onChange;

  // The pin's place becomes the value once its address is known (not while it is looked up).
  useEffect(() => {
    if (center === start || pinPlace.lookingUp) return;
    changed.current({ address: pinPlace.address, latitude: center.lat, longitude: center.lng });
  }, [center, start, pinPlace.address, pinPlace.lookingUp]);

  const goTo = (result: GeocodeResult) => {
    search.clear();
    knownAddress.current = result.formatted_address;
    changed.current({ address: result.formatted_address, latitude: result.geometry.location.lat, longitude: result.geometry.location.lng });
    if (mapRef.current) showResult(mapRef.current, result);
  };

  return (
    <fieldset className={error ? 'mb-place hd-field--invalid' : 'mb-place'}>
      <legend className="hd-field__label">{label}</legend>
      <PlaceSearch search={search} onPick={goTo} />
      <BaseMap api={api} start={start} label="Map: drag to place the event" className="mb-place__canvas" mapRef={mapRef} onSettle={setCenter} />
      <p className="mb-place__address" aria-live="polite">
        {pinPlace.lookingUp ? 'Finding the place…' : value ? value.address : 'Search for the place, or drag the map to put the pin on it.'}
      </p>
      {issue && (
        <p className="mb-map__issue" role="alert">
          {issue}
        </p>
      )}
      {error && (
        <p className="hd-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
