import { Link } from 'wouter';
import type { RequestStatusCode } from '@huddle/domain';
import { campaignRef, ENDORSEMENT_DISCLOSURE, MESSAGES } from '@huddle/domain';
import { formatDate, formatDollars, formatTime } from '@huddle/domain/format';
import { EmptyView, useShell } from '@huddle/ui';
import type { RequestView } from '../api/requests-api';
import { PartyAvatar, partyName, StatusPill } from '../request-people';

/** The booked details a request shows, by the key the booking stored them under (spec §3). */
const DETAIL_LABELS: Record<string, string> = {
  names_in_shoutout: 'Names in the shoutout',
  recipients_emails: 'Recipients',
  special_message_info: 'Special message',
  task: 'Task',
  link: 'Link',
  event_description: 'Event description',
  description: 'Description',
  topics: 'Topics',
  special_message: 'Special message',
  special_conditions: 'Special conditions',
  duration: 'Hours',
};

function detailRows(request: RequestView): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (request.event) {
    rows.push({ label: 'When', value: `${formatDate(request.event.start_time)}, ${formatTime(request.event.start_time)} – ${formatTime(request.event.end_time)}` });
  }
  const location = request.details.location as { address?: string } | undefined;
  if (location?.address) rows.push({ label: 'Location', value: location.address });
  for (const [key, label] of Object.entries(DETAIL_LABELS)) {
    const value = request.details[key];
    if (typeof value === 'string' && value.trim() !== '') rows.push({ label, value });
    if (typeof value === 'number') rows.push({ label, value: String(value) });
  }
  if (request.social_media_platform) rows.push({ label: 'Social platforms', value: request.social_media_platform });
  return rows;
}

/**
 * The request at a glance: who is on the other side, the status, the amount, and what was booked.
 * The fee breakdown is the athlete's (and an administrator's) alone: the API sends the fee fields
 * only to them (spec §6).
 */
export function RequestSummary({ request }: { request: RequestView }) {
  const { apiBase } = useShell();
  const parties = request.viewer === 'admin' ? [request.requester, request.athlete] : [request.viewer === 'athlete' ? request.requester : request.athlete];
  return (
    <section className="hd-panel req-summary" aria-label="Request summary">
      <div className="req-summary__head">
        {parties.map((party) => (
          <div className="req-summary__party" key={party.id}>
            <PartyAvatar party={party} apiBase={apiBase} size="lg" />
            <div>
              <p className="req-summary__role hd-muted">{party.id === request.athlete_id ? 'Athlete' : 'Requested by'}</p>
              {request.viewer === 'admin' ? (
                // The console's own page of the person: a public profile would send an administrator away (issue 22).
                <Link className="req-summary__name hd-link" href={`/manage/user/${party.id}`}>
                  {partyName(party)}
                </Link>
              ) : party.id === request.athlete_id ? (
                <Link className="req-summary__name hd-link" href={`/@${party.username ?? party.id}`}>
                  {partyName(party)}
                </Link>
              ) : (
                <p className="req-summary__name">{partyName(party)}</p>
              )}
            </div>
          </div>
        ))}
        <div className="req-summary__status">
          <StatusPill status={request.status as RequestStatusCode} />
          <strong className="req-summary__amount">{formatDollars(request.request_amount)}</strong>
        </div>
      </div>
      {request.endorsement_campaign_id && request.viewer === 'requester' && (
        <p className="req-summary__campaign">
          <Link className="hd-link" href={`/request/${campaignRef(request.endorsement_campaign_id)}`}>
            {request.campaign_name ? `Part of campaign ${request.campaign_name}` : 'Part of a campaign'}
          </Link>
        </p>
      )}
      {request.type === 'endorsement' && <EndorsementDisclosure acknowledged={request.disclosure_acknowledged} />}
      <dl className="req-details">
        {detailRows(request).map((row) => (
          <div key={row.label} className="req-details__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {request.fee_amount !== undefined && request.amount_to_athlete !== undefined && (
        <dl className="req-fees" aria-label="Fee breakdown">
          <div>
            <dt>Request amount</dt>
            <dd>{formatDollars(request.request_amount)}</dd>
          </div>
          <div>
            <dt>Service fees</dt>
            <dd>−{formatDollars(request.fee_amount)}</dd>
          </div>
          <div className="req-fees__total">
            <dt>{request.viewer === 'athlete' ? 'Your amount' : "Athlete's amount"}</dt>
            <dd>{formatDollars(request.amount_to_athlete)}</dd>
          </div>
        </dl>
      )}
      <p className="hd-muted req-summary__meta">Requested {formatDate(request.created_at)}</p>
    </section>
  );
}

/**
 * The paid-endorsement disclosure (US FTC endorsement guides): both parties of an endorsement see
 * it, so the athlete posts with #ad or the platform's paid-partnership label and the business
 * knows to expect it.
 */
export function EndorsementDisclosure({ acknowledged }: { acknowledged: boolean }) {
  return (
    <p className="req-disclosure" role="note">
      <strong>Disclosure</strong> {ENDORSEMENT_DISCLOSURE.reminder}
      {acknowledged && <span className="req-disclosure__done"> The athlete acknowledged it when accepting.</span>}
    </p>
  );
}

/** Who did what and when (spec §4's history, for the parties and the administrator). */
export function RequestHistory({ request }: { request: RequestView }) {
  return (
    <section className="hd-panel req-history" aria-labelledby="req-history-title">
      <h2 className="hd-panel__title" id="req-history-title">
        History
      </h2>
      {request.history.length === 0 && <EmptyView text={MESSAGES.noRequestHistory} />}
      <ol className="req-history__list">
        {request.history.map((entry, index) => (
          <li key={`${entry.action}-${entry.at}-${index}`} className="req-history__item">
            <span className="req-history__label">{entry.label}</span>
            <span className="hd-muted">
              {entry.actor === 'system' ? 'Huddle' : (entry.actor_name ?? entry.actor)} · {formatDate(entry.at)} {formatTime(entry.at)}
            </span>
            {entry.note && <span className="hd-muted req-history__note">{entry.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
