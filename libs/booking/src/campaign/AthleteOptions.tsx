import { useState } from 'react';
import { mediaUrl } from '@huddle/api-client';
import { CAMPAIGN_MAX_ATHLETES } from '@huddle/domain';
import { endorsementRate } from '@huddle/domain/format';
import { athleteCaption, athleteInitials, athleteName } from '@huddle/discovery';
import { cx } from '@huddle/ui';
import type { CampaignAthleteCard } from '../booking-api';
import { canChooseMore, isChosen, type Chosen } from './campaign-form';

/** An athlete's round photo, or the initials when there is none or it fails to load. */
export function AthletePhoto({ athlete, apiBase }: { athlete: Pick<CampaignAthleteCard, 'profile_photo' | 'first_name' | 'last_name'>; apiBase: string }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : mediaUrl(apiBase, athlete.profile_photo);
  return (
    <span className="cp-photo" aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} /> : athleteInitials(athlete)}
    </span>
  );
}

export interface AthleteOptionsProps {
  athletes: readonly CampaignAthleteCard[];
  chosen: Chosen;
  onToggle: (athlete: CampaignAthleteCard) => void;
  apiBase: string;
  /** The next search is loading: the options stay, dimmed. */
  updating?: boolean;
}

/**
 * The picker's options: one checkbox per athlete (Space toggles it, Tab moves on). Once 50 are
 * chosen, the others cannot be ticked until one is let go.
 */
export function AthleteOptions({ athletes, chosen, onToggle, apiBase, updating = false }: AthleteOptionsProps) {
  const full = !canChooseMore(chosen);
  return (
    <>
      {full && (
        <p className="cp-cap" role="status">
          {`A campaign invites at most ${CAMPAIGN_MAX_ATHLETES} athletes. Remove one to choose another.`}
        </p>
      )}
      <ul className={cx('cp-options', updating && 'cp-options--updating')} aria-label="Athletes who offer endorsements" aria-busy={updating || undefined}>
        {athletes.map((athlete) => {
          const on = isChosen(chosen, athlete.athlete_id);
          const disabled = !on && full;
          const rate = endorsementRate(athlete.endorsement_rate);
          const caption = athleteCaption(athlete);
          return (
            <li key={athlete.athlete_id}>
              <label className={cx('cp-option', on && 'cp-option--on', disabled && 'cp-option--disabled')}>
                <input type="checkbox" className="cp-option__check" checked={on} disabled={disabled} onChange={() => onToggle(athlete)} />
                <AthletePhoto athlete={athlete} apiBase={apiBase} />
                <span className="cp-option__main">
                  <span className="cp-option__name">{athleteName(athlete)}</span>
                  {caption && <span className="hd-muted cp-option__caption">{caption}</span>}
                </span>
                {rate && <span className="cp-option__rate">{rate}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </>
  );
}
