import { useState } from 'react';
import { mediaUrl } from '@huddle/member';
import { cx } from '@huddle/ui';
import type { AthleteProfile } from '../api/discovery-types';
import { athleteInitials } from '../athlete-card';

/** The athlete's square photo in a circle, or initials when there is none or it fails to load. */
export function ProfilePhoto({
  athlete,
  apiBase,
  size = 'md',
}: {
  athlete: Pick<AthleteProfile, 'first_name' | 'last_name' | 'profile_photo'>;
  apiBase: string;
  size?: 'sm' | 'md';
}) {
  const [failed, setFailed] = useState(false);
  const photo = failed ? null : mediaUrl(apiBase, athlete.profile_photo);
  return (
    <span className={cx('rq-avatar', `rq-avatar--${size}`)} aria-hidden="true">
      {photo ? <img src={photo} alt="" onError={() => setFailed(true)} /> : athleteInitials(athlete)}
    </span>
  );
}
