import { useEffect, useState } from 'react';
import { LIMITS, MESSAGES } from '@huddle/domain';
import { isAbortError } from '@huddle/api-client';
import { useDebouncedValue } from '@huddle/ui';
import type { GeocodeResult } from '../api/account-types';
import type { MemberApi } from '../api/member-api';
import { coordinatesText } from './map-geometry';

const SEARCH_RESULTS_SHOWN = 5;

export function reportMapIssue(error: unknown): string {
  // Spec §8: a geocoding failure is logged and shown as 'Unknown map issue'; the map goes on.
  console.error('Geocoding failed', error);
  return MESSAGES.unknownMapIssue;
}

/**
 * The map's search box (spec §2, 'Search for city or coordinates'): the geocoder's first results
 * for what was typed, 400 ms after typing stops. Shared by the travel-locations editor and the
 * booking form's place picker.
 */
export function usePlaceSearch(api: Pick<MemberApi, 'geocode'>) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [issue, setIssue] = useState<string | null>(null);
  const debouncedQuery = useDebouncedValue(query.trim(), LIMITS.map.searchDebounceMs);

  useEffect(() => {
    if (debouncedQuery === '') {
      setResults([]);
      return undefined;
    }
    const controller = new AbortController();
    setSearching(true);
    api
      .geocode(debouncedQuery, controller.signal)
      .then((found) => {
        setResults(found.slice(0, SEARCH_RESULTS_SHOWN));
        setIssue(null);
      })
      .catch((error) => {
        if (isAbortError(error)) return;
        setResults([]);
        setIssue(reportMapIssue(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setSearching(false);
      });
    return () => controller.abort();
  }, [api, debouncedQuery]);

  const clear = () => {
    setResults([]);
    setQuery('');
  };
  return { query, setQuery, results, searching, issue, clear };
}

/**
 * The address of the place under the map's pin, looked up once the map has been still for a
 * moment. A place picked from the search results already has its address: `known` takes it, and
 * the move it causes needs no lookup. Until the pin first moves, `initial` stands.
 */
export function usePlaceUnderPin(
  api: Pick<MemberApi, 'geocode'>,
  center: { lat: number; lng: number },
  initial: { lat: number; lng: number },
  knownAddress: { current: string | null },
  initialAddress: string,
) {
  const [address, setAddress] = useState(initialAddress);
  const [lookingUp, setLookingUp] = useState(false);
  const [issue, setIssue] = useState<string | null>(null);
  const debouncedCenter = useDebouncedValue(center, LIMITS.map.dragDebounceMs);

  useEffect(() => {
    if (knownAddress.current !== null) {
      setAddress(knownAddress.current);
      knownAddress.current = null;
      return undefined;
    }
    if (debouncedCenter === initial) return undefined;
    const controller = new AbortController();
    const fallback = coordinatesText(debouncedCenter.lat, debouncedCenter.lng);
    setLookingUp(true);
    api
      .geocode(fallback, controller.signal)
      .then((found) => {
        setAddress(found[0]?.formatted_address ?? fallback);
        setIssue(null);
      })
      .catch((error) => {
        if (isAbortError(error)) return;
        setAddress(fallback);
        setIssue(reportMapIssue(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLookingUp(false);
      });
    return () => controller.abort();
  }, [api, debouncedCenter, initial, knownAddress]);

  return { address, lookingUp, issue };
}
