import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { LIMITS, MESSAGES } from '@huddle/domain';
import {
  ATHLETE_SEARCH_FIELDS,
  DEFAULT_SEARCH_FIELD,
  MAX_FILTER_LENGTH,
  athleteName,
  normaliseFilter,
  searchFieldOf,
  searchPlaceholder,
  type AthleteSearchField,
} from '@huddle/discovery';
import { Button, EmptyView, ErrorView, SearchField, SelectField, SkeletonList, useDebouncedValue, useShellApi } from '@huddle/ui';
import { bookingApi, type CampaignAthleteCard } from '../booking-api';
import { AthleteOptions } from './AthleteOptions';
import { CampaignFooter } from './CampaignFooter';
import { campaignSummary, type Chosen } from './campaign-form';

export interface AthletePickerProps {
  chosen: Chosen;
  onToggle: (athlete: CampaignAthleteCard) => void;
  onContinue: () => void;
}

/**
 * 'Select athletes' (spec §2): the dashboard's field selector and a search box (debounced 400 ms)
 * over the athletes who offer endorsements, at most 50 options (the select menu's limit), each a
 * checkbox; chosen athletes stay chosen across searches and show as chips. The sticky footer
 * counts them and sums their prices.
 */
export function AthletePicker({ chosen, onToggle, onContinue }: AthletePickerProps) {
  const api = useShellApi(bookingApi);
  const [field, setField] = useState<AthleteSearchField>(DEFAULT_SEARCH_FIELD);
  const [text, setText] = useState('');
  const [nudged, setNudged] = useState(false);
  const filter = useDebouncedValue(normaliseFilter(text), LIMITS.searchDebounceMs);
  const query = { field, filter, pageSize: LIMITS.selectMenuOptions };
  const results = useQuery({
    queryKey: ['athletes', 'endorsement', query],
    queryFn: ({ signal }) => api.searchEndorsementAthletes(query, signal),
    placeholderData: keepPreviousData,
  });

  const next = () => {
    if (chosen.length === 0) setNudged(true);
    else onContinue();
  };

  const options = () => {
    if (results.data) {
      const { athletes, total } = results.data;
      if (athletes.length === 0) {
        return (
          <EmptyView
            text={MESSAGES.athletesNotFound}
            icon="user"
            action={
              filter !== '' ? (
                <Button variant="secondary" onClick={() => setText('')}>
                  Clear search
                </Button>
              ) : undefined
            }
          />
        );
      }
      return (
        <>
          <AthleteOptions athletes={athletes} chosen={chosen} onToggle={onToggle} apiBase={api.apiBase} updating={results.isPlaceholderData} />
          {total > athletes.length && (
            <p className="hd-muted cp-more">{`Showing the first ${athletes.length} of ${total}. Search by name, sport or school to find others.`}</p>
          )}
        </>
      );
    }
    if (results.isError) {
      return <ErrorView message={toApiError(results.error).message} onRetry={() => void results.refetch()} retrying={results.isFetching} />;
    }
    return <SkeletonList count={6} label="Loading athletes" />;
  };

  return (
    <div className="cp-step">
      <form className="hd-toolbar cp-search" role="search" aria-label="Athletes who offer endorsements" onSubmit={(event: FormEvent) => event.preventDefault()}>
        <SelectField label="Search by" hideLabel options={ATHLETE_SEARCH_FIELDS} value={field} onChange={(event) => setField(searchFieldOf(event.target.value))} />
        <SearchField
          label="Search athletes"
          placeholder={searchPlaceholder(field)}
          value={text}
          maxLength={MAX_FILTER_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {chosen.length > 0 && (
        <ul className="cp-chips" aria-label="Chosen athletes">
          {chosen.map(({ athlete }) => (
            <li key={athlete.athlete_id}>
              <button type="button" className="bk-chip bk-chip--on cp-chip" onClick={() => onToggle(athlete)} aria-label={`Remove ${athleteName(athlete)}`}>
                {athleteName(athlete)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {options()}
      <CampaignFooter
        summary={campaignSummary(chosen)}
        message={chosen.length === 0 ? MESSAGES.chooseAthlete : null}
        messageTone={nudged ? 'error' : 'hint'}
        action={
          <Button variant="accent" onClick={next} aria-disabled={chosen.length === 0 || undefined}>
            Continue
          </Button>
        }
      />
    </div>
  );
}
