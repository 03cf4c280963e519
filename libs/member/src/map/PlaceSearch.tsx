import { SearchField } from '@huddle/ui';
import type { GeocodeResult } from '../api/account-types';
import type { usePlaceSearch } from './place-lookup';

/**
 * The map's search box (spec §2, 'Search for city or coordinates') with the geocoder's results
 * under it; Enter takes the first. Shared by the travel-locations editor and the place picker.
 */
export function PlaceSearch({ search, onPick }: { search: ReturnType<typeof usePlaceSearch>; onPick: (result: GeocodeResult) => void }) {
  return (
    <div className="mb-map__search">
      <SearchField
        label="Search for city or coordinates"
        placeholder="Search for city or coordinates"
        value={search.query}
        autoComplete="off"
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (search.results[0]) onPick(search.results[0]);
          }
        }}
      />
      {(search.results.length > 0 || search.searching) && (
        <ul className="mb-map__results" aria-label="Search results" aria-busy={search.searching}>
          {search.results.map((result) => (
            <li key={`${result.formatted_address}-${result.geometry.location.lat}`}>
              <button type="button" className="mb-map__result" onClick={() => onPick(result)}>
                {result.formatted_address}
              </button>
            </li>
          ))}
          {search.searching && search.results.length === 0 && <li className="mb-map__result mb-map__result--muted">Searching…</li>}
        </ul>
      )}
    </div>
  );
}
