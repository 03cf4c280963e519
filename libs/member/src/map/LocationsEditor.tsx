import { useRef, useState } from 'react';
import type L from 'leaflet';
import { Circle, Tooltip } from 'react-leaflet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { DEFAULT_LOCATION_TYPE, LIMITS, LOCATION_SERVICE_TYPES, SERVICE_LABELS, type LocationType } from '@huddle/domain';
import { toApiError } from '@huddle/api-client';
import { Button, ConfirmDialog, ErrorView, Icon, SelectField, SkeletonList, Stepper, TextField, useToast } from '@huddle/ui';
import type { AthleteLocation, GeocodeResult } from '../api/account-types';
import { QUERY_KEYS, useMemberApi } from '../api/hooks';
import { BaseMap, MAP_ACCENT, MAP_BRAND, showResult, useMapCenter } from './BaseMap';
import { canSaveLocation, MAP_DEFAULTS, milesToMeters } from './map-geometry';
import { usePlaceSearch, usePlaceUnderPin } from './place-lookup';
import { PlaceSearch } from './PlaceSearch';
import '../member.css';

/** The bottom bar's form: what the athlete names and sets for the place under the pin. */
interface LocationFormValues {
  name: string;
  radius: number;
  locationType: LocationType;
}

const EMPTY_LOCATION_FORM: LocationFormValues = { name: '', radius: MAP_DEFAULTS.radius, locationType: DEFAULT_LOCATION_TYPE };

const PLACED_STYLE = { color: MAP_ACCENT, weight: 2, fillColor: MAP_ACCENT, fillOpacity: 0.15 };
const SAVED_STYLE = { color: MAP_BRAND, weight: 1, fillColor: MAP_BRAND, fillOpacity: 0.08 };

/** The radius of the location being placed, around the pin in the middle of the map. */
function PlacedRadius({ miles }: { miles: number }) {
  const center = useMapCenter();
  return <Circle center={center} radius={milesToMeters(miles)} pathOptions={PLACED_STYLE} />;
}

/** The saved locations, drawn as quiet circles named on hover. */
function SavedLocations({ locations }: { locations: readonly AthleteLocation[] }) {
  return locations.map((location) => (
    <Circle key={location.id} center={[location.latitude, location.longitude]} radius={milesToMeters(location.radius)} pathOptions={SAVED_STYLE}>
      <Tooltip>{location.name}</Tooltip>
    </Circle>
  ));
}

/**
 * Travel locations (spec §2): a Leaflet map centred on Los Angeles, a search box for a city or
 * coordinates, and a bottom bar 'Locations' with a name, a 'Mile radius' stepper and 'Save
 * location'. The pin stays in the middle: dragging the map moves the place, which is looked up
 * 200 ms after the map stops. Loaded on demand, with Leaflet (through react-leaflet) and its stylesheet.
 */
export default function LocationsEditor() {
  const api = useMemberApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mapRef = useRef<L.Map | null>(null);
  // A place picked from the results already has its address: the move it causes needs no lookup.
  const knownAddress = useRef<string | null>(null);

  const [center, setCenter] = useState<{ lat: number; lng: number }>(MAP_DEFAULTS.center);
  const pinPlace = usePlaceUnderPin(api, center, MAP_DEFAULTS.center, knownAddress, LIMITS.defaultMapCenter.name);
  const search = usePlaceSearch(api);
  const { address, lookingUp } = pinPlace;
  const mapIssue = search.issue ?? pinPlace.issue;
  const form = useForm<LocationFormValues>({ defaultValues: EMPTY_LOCATION_FORM });
  const name = form.watch('name');
  const radius = form.watch('radius');
  // The saved location whose removal waits for confirmation (spec §8: removals are confirmed).
  const [removing, setRemoving] = useState<AthleteLocation | null>(null);

  const locations = useQuery({ queryKey: QUERY_KEYS.locations, queryFn: api.listLocations });

  const goTo = (result: GeocodeResult) => {
    const map = mapRef.current;
    search.clear();
    if (!map) return;
    knownAddress.current = result.formatted_address;
    showResult(map, result);
  };
  const save = useMutation({
    mutationFn: (values: LocationFormValues) =>
      api.addLocation({
        name: values.name.trim(),
        address,
        latitude: center.lat,
        longitude: center.lng,
        radius: values.radius,
        location_type: values.locationType,
      }),
    onSuccess: (location) => {
      queryClient.setQueryData<AthleteLocation[]>(QUERY_KEYS.locations, (list) => [...(list ?? []), location]);
      form.resetField('name');
      toast.show('Location saved', 'success');
    },
    onError: (error) => toast.show(toApiError(error).message, 'error'),
  });

  const remove = useMutation({
    mutationFn: (id: string) => api.deleteLocation(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<AthleteLocation[]>(QUERY_KEYS.locations, (list) => (list ?? []).filter((l) => l.id !== id));
      setRemoving(null);
    },
    onError: (error) => {
      setRemoving(null);
      toast.show(toApiError(error).message, 'error');
    },
  });

  return (
    <div className="mb-map">
      <PlaceSearch search={search} onPick={goTo} />
      <BaseMap api={api} start={MAP_DEFAULTS.center} label="Map: drag to place the location" mapRef={mapRef} onSettle={setCenter}>
        <SavedLocations locations={locations.data ?? []} />
        <PlacedRadius miles={radius} />
      </BaseMap>
      {mapIssue && (
        <p className="mb-map__issue" role="alert">
          {mapIssue}
        </p>
      )}
      <section className="mb-map__bar" aria-labelledby="mb-locations-title">
        <div className="mb-map__bar-head">
          <h3 className="mb-map__bar-title" id="mb-locations-title">
            Locations
          </h3>
          <span className="mb-map__address" aria-live="polite">
            {lookingUp ? 'Finding the place…' : address}
          </span>
        </div>
        <form className="mb-map__bar-form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <div className="mb-map__bar-fields">
            <Controller
              control={form.control}
              name="name"
              rules={{ validate: (value) => value.trim() !== '' }}
              render={({ field }) => (
                <TextField label="Location name" placeholder="e.g. Home" maxLength={LIMITS.locationName.max} {...field} />
              )}
            />
            <Controller
              control={form.control}
              name="radius"
              render={({ field }) => (
                <Stepper
                  label="Mile radius"
                  value={field.value}
                  min={LIMITS.map.minRadiusMiles}
                  step={LIMITS.map.radiusStep}
                  max={LIMITS.map.maxRadiusMiles}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={form.control}
              name="locationType"
              render={({ field }) => (
                <SelectField
                  label="Used for"
                  value={field.value}
                  options={LOCATION_SERVICE_TYPES.map((type) => ({ value: type, label: SERVICE_LABELS[type] }))}
                  onChange={(event) => field.onChange(event.target.value as LocationType)}
                />
              )}
            />
          </div>
          <Button type="submit" variant="accent" block disabled={!canSaveLocation(name, lookingUp, save.isPending)} loading={save.isPending}>
            Save location
          </Button>
        </form>
      </section>
      <section className="mb-map__saved" aria-labelledby="mb-saved-title">
        <h3 className="mb-section__title" id="mb-saved-title">
          Saved locations
        </h3>
        {locations.isPending ? (
          <SkeletonList count={3} label="Loading locations" />
        ) : locations.isError ? (
          <ErrorView message={toApiError(locations.error).message} onRetry={() => locations.refetch()} retrying={locations.isFetching} />
        ) : locations.data.length === 0 ? (
          <p className="mb-section__hint">No locations yet. Place the pin, name it and save it.</p>
        ) : (
          <ul className="mb-map__list">
            {locations.data.map((location) => (
              <li key={location.id} className="mb-map__item">
                <span className="mb-map__item-text">
                  <strong>{location.name}</strong>
                  <span className="hd-muted">
                    {location.radius} mi · {SERVICE_LABELS[location.location_type]} · {location.address}
                  </span>
                </span>
                <button
                  type="button"
                  className="hd-icon-button"
                  aria-label={`Delete location ${location.name}`}
                  disabled={remove.isPending && remove.variables === location.id}
                  onClick={() => setRemoving(location)}
                >
                  <Icon name="trash" size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove location?"
        message={removing ? `${removing.name} will no longer be one of the places you travel to.` : ''}
        confirmLabel="Remove"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
