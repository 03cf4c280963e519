import { useState } from 'react';
import { SearchField } from '@huddle/ui';
import type { ReferenceData } from '../api/account-types';
import { ChoiceGrid, toggleId } from './ChoiceGrid';
import { searchChoices } from './choice-search';

export interface FanSurveyValue {
  conferences: number[];
  sports: number[];
  teams: number[];
}

export interface FanSurveyFormProps {
  reference: ReferenceData;
  value: FanSurveyValue;
  onChange: (value: FanSurveyValue) => void;
}

/**
 * A fan's survey (spec §2): the conferences, sports and teams followed. Teams narrow to the
 * chosen conferences and sports, so the list stays short enough to scan.
 */
export function FanSurveyForm({ reference, value, onChange }: FanSurveyFormProps) {
  const [query, setQuery] = useState('');
  const schoolConference = new Map(reference.schools.map((school) => [school.id, school.conference_id]));
  const teams = reference.teams.filter((team) => {
    const conference = schoolConference.get(team.school_id);
    const conferenceOk = value.conferences.length === 0 || (conference !== undefined && value.conferences.includes(conference));
    const sportOk = value.sports.length === 0 || value.sports.includes(team.sport_id);
    return conferenceOk && sportOk;
  });
  const shownTeams = searchChoices(teams, query, value.teams);

  return (
    <div className="hd-stack">
      <section className="mb-section" aria-labelledby="mb-conf-title">
        <h2 className="mb-section__title" id="mb-conf-title">
          Conferences
        </h2>
        <ChoiceGrid
          label="Conferences"
          multiple
          choices={reference.conferences.map((conference) => ({ id: conference.id, name: conference.short_name, detail: conference.division }))}
          selected={value.conferences}
          onToggle={(id) => onChange({ ...value, conferences: toggleId(value.conferences, id) })}
        />
      </section>
      <section className="mb-section" aria-labelledby="mb-fan-sports-title">
        <h2 className="mb-section__title" id="mb-fan-sports-title">
          Sports
        </h2>
        <ChoiceGrid
          label="Sports"
          multiple
          choices={reference.sports}
          selected={value.sports}
          onToggle={(id) => onChange({ ...value, sports: toggleId(value.sports, id) })}
        />
      </section>
      <section className="mb-section" aria-labelledby="mb-teams-title">
        <h2 className="mb-section__title" id="mb-teams-title">
          Teams
        </h2>
        <SearchField label="Search teams" placeholder="Search teams" value={query} onChange={(event) => setQuery(event.target.value)} />
        {shownTeams.length === 0 ? (
          <p className="mb-section__hint">No team matches your choices.</p>
        ) : (
          <ChoiceGrid
            label="Teams"
            multiple
            choices={shownTeams}
            selected={value.teams}
            onToggle={(id) => onChange({ ...value, teams: toggleId(value.teams, id) })}
          />
        )}
      </section>
    </div>
  );
}
