import { useState } from 'react';
import { mediaUrl, type Schemas } from '@huddle/api-client';
import { REQUEST_STATUS_LABELS, requestPartyName, type RequestStatusCode } from '@huddle/domain';
import { plural } from '@huddle/domain/format';

type Party = Schemas['RequestPartyDto'];

/** A party's name as a request shows it (libs/domain requestPartyName: a business by its own name). */
export function partyName(party: Party | null | undefined): string {
  return requestPartyName(party);
}

/** A business's /requests shows each campaign as one entry: type endorsement_campaign, '@' id, its athletes counted. */
export function isCampaignEntry(request: Pick<Schemas['RequestSummaryDto'], 'type' | 'athletes_count'>): boolean {
  return request.type === 'endorsement_campaign' || (request.athletes_count !== null && request.athletes_count !== undefined);
}

/** Who a /requests entry is with: the other party, or '{n} athletes' for a campaign. */
export function requestItemParty(request: Pick<Schemas['RequestSummaryDto'], 'type' | 'athletes_count' | 'profile'>): string {
  return isCampaignEntry(request) ? plural(request.athletes_count ?? 0, 'athlete', 'athletes') : partyName(request.profile);
}

function initials(party: Party): string {
  const business = party.business_name?.trim();
  if (business) return business[0].toUpperCase();
  const letters = [party.first_name, party.last_name].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || party.username?.[0] || '?').toUpperCase();
}

/** A party's round photo, or the initials when there is none or it fails to load. */
export function PartyAvatar({ party, apiBase, size = 'md' }: { party: Party; apiBase: string; size?: 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : mediaUrl(apiBase, party.profile_photo);
  return (
    <span className={`req-avatar req-avatar--${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} /> : initials(party)}
    </span>
  );
}

/** A request's status as a coloured pill (spec §4's names). */
export function StatusPill({ status }: { status: RequestStatusCode }) {
  return <span className={`req-status req-status--${status}`}>{REQUEST_STATUS_LABELS[status]}</span>;
}
