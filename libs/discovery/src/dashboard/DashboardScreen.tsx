import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { canAccess, LIMITS } from '@huddle/domain';
import { toApiError } from '@huddle/api-client';
import { Button, buttonClassName, Page, SearchField, SelectField, useDebouncedCallback, useShell } from '@huddle/ui';
import { useAthleteSearch, useDiscoveryApi } from '../api/hooks';
import { AthleteResults, type AthleteResultsState } from './AthleteResults';
import {
  DASHBOARD_PAGE_SIZE,
  dashboardHref,
  MAX_FILTER_LENGTH,
  normaliseFilter,
  parseDashboardQuery,
  type DashboardQuery,
} from './dashboard-query';
import { rememberDashboardSearch } from './dashboard-return';
import { pageCount, rangeText } from './pagination';
import { Pagination } from './Pagination';
import { ATHLETE_SEARCH_FIELDS, searchFieldOf, searchPlaceholder } from './search-fields';

const CAMPAIGN_FORM = '/request-form/b/endorsement_campaign';

// Only businesses ever open it: a chunk of its own, so the guest's and fan's first screen stays small.
const CreateCampaignModal = lazy(() => import(/* webpackChunkName: "create-campaign" */ './CreateCampaignModal'));

/** /dashboard (spec §2): find athletes by name, sport or school, and open one's profile. */
export function DashboardScreen() {
  const { role, navigate } = useShell();
  const api = useDiscoveryApi();
  // Mounted from the first open on, so it fades out when closed (spec §2: 200 ms overlay transition).
  const [campaignModal, setCampaignModal] = useState<'unopened' | 'open' | 'closed'>('unopened');
  const search = useSearch();
  const query = useMemo(() => parseDashboardQuery(search), [search]);

  // The box shows what is typed at once; the URL (and so the search) follows 400 ms after typing stops.
  const [text, setText] = useState(query.filter);
  const [urlFilter, setUrlFilter] = useState(query.filter);
  if (urlFilter !== query.filter) {
    // The URL changed without typing (Back, a shared link, a menu click): the box follows it.
    setUrlFilter(query.filter);
    if (normaliseFilter(text) !== query.filter) setText(query.filter);
  }

  const show = (next: DashboardQuery) => navigate(dashboardHref(search, next), { replace: true });
  const commitText = useDebouncedCallback((typed: string) => {
    const filter = normaliseFilter(typed);
    if (filter !== query.filter) show({ ...query, filter, page: 1 });
  }, LIMITS.searchDebounceMs);

  useEffect(() => {
    rememberDashboardSearch(search);
  }, [search]);

  // A new page starts at its top, as a new page of a book would.
  const shownPage = useRef(query.page);
  useEffect(() => {
    if (shownPage.current === query.page) return;
    shownPage.current = query.page;
    window.scrollTo({ top: 0 });
  }, [query.page]);

  const results = useAthleteSearch({ ...query, pageSize: DASHBOARD_PAGE_SIZE });
  const clearSearch = () => {
    commitText.cancel();
    setText('');
    show({ ...query, filter: '', page: 1 });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commitText.flush();
  };

  let state: AthleteResultsState;
  if (results.data) {
    const pastTheEnd = results.data.athletes.length === 0 && results.data.total > 0;
    state = {
      status: 'ready',
      athletes: results.data.athletes,
      updating: results.isPlaceholderData,
      emptyAction: pastTheEnd ? (
        // A shared link to a page the results no longer reach.
        <Link href={dashboardHref(search, { ...query, page: 1 })} className={buttonClassName('secondary')}>
          Go to the first page
        </Link>
      ) : query.filter !== '' ? (
        <Button variant="secondary" onClick={clearSearch}>
          Clear search
        </Button>
      ) : undefined,
    };
  } else if (results.isError) {
    state = { status: 'error', message: toApiError(results.error).message, onRetry: () => void results.refetch(), retrying: results.isFetching };
  } else {
    state = { status: 'loading' };
  }

  const total = results.data?.total ?? 0;
  const pages = pageCount(total, results.data?.page_size ?? DASHBOARD_PAGE_SIZE);

  return (
    <div className="rq-dashboard">
      <Page
        title="Dashboard"
        subtitle="Find college athletes for appearances, shoutouts, training and more."
        actions={
          // Only businesses may open the campaign form; the domain's route table decides.
          canAccess(CAMPAIGN_FORM, role) && (
            <Button variant="accent" onClick={() => setCampaignModal('open')} aria-haspopup="dialog">
              Create campaign
            </Button>
          )
        }
      >
        <form className="hd-toolbar rq-search" role="search" aria-label="Athletes" onSubmit={onSubmit}>
          <SelectField
            label="Search by"
            hideLabel
            options={ATHLETE_SEARCH_FIELDS}
            value={query.field}
            onChange={(event) => {
              commitText.cancel();
              show({ field: searchFieldOf(event.target.value), filter: normaliseFilter(text), page: 1 });
            }}
          />
          <SearchField
            label="Search athletes"
            placeholder={searchPlaceholder(query.field)}
            value={text}
            maxLength={MAX_FILTER_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              setText(event.target.value);
              commitText.call(event.target.value);
            }}
          />
        </form>
        <p className="rq-summary" role="status">
          {results.data && results.data.athletes.length > 0
            ? rangeText(results.data.page, results.data.page_size, results.data.athletes.length, total)
            : ''}
        </p>
        <AthleteResults state={state} apiBase={api.apiBase} />
        {results.data && (
          <Pagination
            page={query.page}
            count={pages}
            hrefFor={(page) => dashboardHref(search, { ...query, page })}
          />
        )}
      </Page>
      {campaignModal !== 'unopened' && (
        <Suspense fallback={null}>
          <CreateCampaignModal
            open={campaignModal === 'open'}
            onClose={() => setCampaignModal('closed')}
            onContinue={() => {
              setCampaignModal('closed');
              navigate(CAMPAIGN_FORM);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
