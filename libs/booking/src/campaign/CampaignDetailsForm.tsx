import type { FormEvent } from 'react';
import { athleteCaption, athleteName } from '@huddle/discovery';
import { REQUEST_NAME_MAX, REQUEST_TEXT_MAX } from '@huddle/domain/request-details';
import { Button, TextAreaField, TextField } from '@huddle/ui';
import { PlatformsField } from '../PlatformsField';
import { AthletePhoto } from './AthleteOptions';
import { CampaignFooter } from './CampaignFooter';
import { campaignSummary, type CampaignDetailsValues, type CampaignErrors, type Chosen } from './campaign-form';

export interface CampaignDetailsFormProps {
  chosen: Chosen;
  values: CampaignDetailsValues;
  errors: CampaignErrors;
  apiBase: string;
  onPrice: (athleteId: string, typed: string) => void;
  onRemove: (athleteId: string) => void;
  onChange: (values: CampaignDetailsValues, changed: keyof CampaignDetailsValues) => void;
  /** Back to the picker to add more. */
  onAddAthletes: () => void;
  onSubmit: () => void;
  submitting: boolean;
}

/**
 * The campaign's details (spec §3, §5): a price for each chosen athlete (their endorsement rate to
 * start with; digits and a dot only), the task every athlete gets, the optional link, the
 * campaign's name and social platforms. Submit creates the campaign, then the checkout opens.
 */
export function CampaignDetailsForm({ chosen, values, errors, apiBase, onPrice, onRemove, onChange, onAddAthletes, onSubmit, submitting }: CampaignDetailsFormProps) {
  const set = (changed: keyof CampaignDetailsValues) => (value: string | string[]) => onChange({ ...values, [changed]: value }, changed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="cp-step cp-details" noValidate onSubmit={submit} aria-label="Campaign details">
      <section className="hd-panel cp-prices" aria-labelledby="cp-prices-title">
        <div className="cp-prices__head">
          <h2 className="hd-panel__title" id="cp-prices-title">
            Athletes and prices
          </h2>
          <Button size="sm" variant="secondary" onClick={onAddAthletes}>
            Add athletes
          </Button>
        </div>
        {errors.athletes && (
          <p className="hd-field__error" role="alert">
            {errors.athletes}
          </p>
        )}
        <ul className="cp-priced">
          {chosen.map(({ athlete, price }) => {
            const name = athleteName(athlete);
            const caption = athleteCaption(athlete);
            return (
              <li key={athlete.athlete_id} className="cp-priced__row">
                <AthletePhoto athlete={athlete} apiBase={apiBase} />
                <span className="cp-priced__who">
                  <span className="cp-option__name">{name}</span>
                  {caption && <span className="hd-muted cp-option__caption">{caption}</span>}
                </span>
                <TextField
                  className="cp-priced__price"
                  label={`Price for ${name} (USD)`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  value={price}
                  error={errors.prices[athlete.athlete_id]}
                  onChange={(event) => onPrice(athlete.athlete_id, event.target.value)}
                />
                <Button size="sm" variant="ghost" className="cp-priced__remove" onClick={() => onRemove(athlete.athlete_id)} aria-label={`Remove ${name}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="hd-panel bk-form" aria-label="The endorsement">
        <TextAreaField
          label="Task"
          hint="What every athlete should post or say"
          rows={4}
          maxLength={REQUEST_TEXT_MAX}
          showCount
          value={values.task}
          error={errors.task}
          onChange={(event) => set('task')(event.target.value)}
        />
        <TextField
          label="Link (optional)"
          inputMode="url"
          placeholder="https://"
          maxLength={2000}
          value={values.link}
          error={errors.link}
          onChange={(event) => set('link')(event.target.value)}
        />
        <TextField
          label="Campaign name"
          hint="A name you will recognise this campaign by"
          maxLength={REQUEST_NAME_MAX}
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name')(event.target.value)}
        />
        <PlatformsField value={values.platforms} onChange={set('platforms')} error={errors.platforms} />
        <p className="hd-muted bk-note">You pay once for every athlete. An athlete who declines or lets the request expire is refunded to your card.</p>
        {errors.form && (
          <p className="hd-field__error" role="alert">
            {errors.form}
          </p>
        )}
      </section>
      <CampaignFooter
        summary={campaignSummary(chosen)}
        action={
          <Button type="submit" variant="accent" loading={submitting}>
            Continue to payment
          </Button>
        }
      />
    </form>
  );
}
