import { useState } from 'react';
import { canAccess } from '@huddle/domain';
import { Button, Page, SearchField, SelectField, useSearchParam, useShell } from '@huddle/ui';
import { AthleteResults, type AthleteResultsState } from './AthleteResults';
import { ATHLETE_SEARCH_FIELDS, searchFieldOf, searchPlaceholder } from './search-fields';

const CAMPAIGN_FORM = '/request-form/b/endorsement_campaign';

/** The athlete search is connected in the next issue; until then it finds no one. */
const NOT_CONNECTED: AthleteResultsState = { status: 'ready', athletes: [] };

/** /dashboard (spec §2): find athletes by name, sport or school, and open one's profile. */
export function DashboardScreen() {
  const { role, navigate } = useShell();
  const [fieldParam, setFieldParam] = useSearchParam('field');
  const field = searchFieldOf(fieldParam);
  const [query, setQuery] = useState('');

  return (
    <Page
      title="Dashboard"
      subtitle="Find college athletes for appearances, shoutouts, training and more."
      actions={
        // Only businesses may open the campaign form; the domain's route table decides.
        canAccess(CAMPAIGN_FORM, role) && (
          <Button variant="accent" onClick={() => navigate(CAMPAIGN_FORM)}>
            Create campaign
          </Button>
        )
      }
    >
      <form className="hd-toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Search by"
          hideLabel
          options={ATHLETE_SEARCH_FIELDS}
          value={field}
          onChange={(event) => setFieldParam(event.target.value)}
        />
        <SearchField
          label="Search athletes"
          placeholder={searchPlaceholder(field)}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <AthleteResults state={NOT_CONNECTED} />
    </Page>
  );
}
