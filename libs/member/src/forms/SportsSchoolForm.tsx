import { useState } from 'react';
import { SearchField } from '@huddle/ui';
import type { ReferenceData } from '../api/account-types';
import { ChoiceGrid, toggleId } from './ChoiceGrid';
import { searchChoices } from './choice-search';

export interface SportsSchoolValue {
  sports: number[];
  schoolId: number | null;
}

export interface SportsSchoolFormProps {
  reference: ReferenceData;
  value: SportsSchoolValue;
  onChange: (value: SportsSchoolValue) => void;
  errors: { sports?: string; school?: string };
}

/**
 * An athlete's survey (spec §2): the sports played (several) and the one school, found by search.
 * A school is named by its name in the reference data, as the profile and the dashboard name it
 * ('Towson University'); its short name ('Towson') only helps the search find it.
 */
export function SportsSchoolForm({ reference, value, onChange, errors }: SportsSchoolFormProps) {
  const [query, setQuery] = useState('');
  const available = new Set(reference.available_schools);
  const schools = reference.schools.filter((school) => available.size === 0 || available.has(school.id));
  const shown = searchChoices(schools, query, value.schoolId === null ? [] : [value.schoolId]);

  return (
    <div className="hd-stack">
      <section className="mb-section" aria-labelledby="mb-sports-title">
        <h2 className="mb-section__title" id="mb-sports-title">
          Sports
        </h2>
        <p className="mb-section__hint">Choose every sport you play.</p>
        <ChoiceGrid
          label="Sports"
          multiple
          choices={reference.sports}
          selected={value.sports}
          onToggle={(id) => onChange({ ...value, sports: toggleId(value.sports, id) })}
          error={errors.sports}
        />
      </section>
      <section className="mb-section" aria-labelledby="mb-school-title">
        <h2 className="mb-section__title" id="mb-school-title">
          School
        </h2>
        <SearchField label="Search schools" placeholder="Search schools" value={query} onChange={(event) => setQuery(event.target.value)} />
        {shown.length === 0 ? (
          <p className="mb-section__hint">No school matches “{query}”.</p>
        ) : (
          <ChoiceGrid
            label="School"
            multiple={false}
            choices={shown.map((school) => ({ id: school.id, name: school.name, detail: school.conference }))}
            selected={value.schoolId === null ? [] : [value.schoolId]}
            onToggle={(id) => onChange({ ...value, schoolId: value.schoolId === id ? null : id })}
            error={errors.school}
          />
        )}
      </section>
    </div>
  );
}
