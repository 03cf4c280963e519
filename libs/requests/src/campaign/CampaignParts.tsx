import { Link } from 'wouter';
import { RequestStatus, SERVICE_LABELS, type RequestStatusCode } from '@huddle/domain';
import { formatDate, formatDollars, plural } from '@huddle/domain/format';
import { buttonClassName, EmptyView, Icon } from '@huddle/ui';
import type { CampaignEntry, CampaignView } from '../api/requests-api';
import { PartyAvatar, partyName, StatusPill } from '../request-people';

/** An athlete's entry opens its request (the delivery, approval and review) once a video is in: 4 or 5 (spec §4). */
export function hasViewButton(status: RequestStatusCode): boolean {
  return status === RequestStatus.PendingReview || status === RequestStatus.Finished;
}

/** A link worth following: http(s) only, so a stored 'javascript:' can never run. */
function safeHref(link: string): string | null {
  return /^https?:\/\//i.test(link) ? link : null;
}

/** The campaign at a glance: its name and status, what every athlete was asked, and the money. */
export function CampaignSummary({ campaign }: { campaign: CampaignView }) {
  const href = campaign.link ? safeHref(campaign.link) : null;
  return (
    <section className="hd-panel req-summary" aria-label="Campaign summary">
      <div className="req-summary__head">
        <div className="req-summary__party">
          <span className="req-avatar req-avatar--lg" aria-hidden="true">
            <Icon name="video" />
          </span>
          <div>
            <p className="req-summary__role hd-muted">{SERVICE_LABELS.endorsement_campaign}</p>
            <p className="req-summary__name">{campaign.name}</p>
          </div>
        </div>
        <div className="req-summary__status">
          <StatusPill status={campaign.status as RequestStatusCode} />
          <strong className="req-summary__amount">{formatDollars(campaign.request_amount)}</strong>
        </div>
      </div>
      <dl className="req-details">
        <div className="req-details__row">
          <dt>Task</dt>
          <dd>{campaign.task}</dd>
        </div>
        {campaign.link && (
          <div className="req-details__row">
            <dt>Link</dt>
            <dd>
              {href ? (
                <a className="hd-link" href={href} target="_blank" rel="noopener noreferrer">
                  {campaign.link}
                </a>
              ) : (
                campaign.link
              )}
            </dd>
          </div>
        )}
        {campaign.social_media_platform && (
          <div className="req-details__row">
            <dt>Social platforms</dt>
            <dd>{campaign.social_media_platform}</dd>
          </div>
        )}
        <div className="req-details__row">
          <dt>Athletes</dt>
          <dd>{plural(campaign.athletes_count, 'athlete', 'athletes')}</dd>
        </div>
      </dl>
      <dl className="req-fees" aria-label="Campaign amounts">
        <div>
          <dt>Total paid</dt>
          <dd>{formatDollars(campaign.total_paid)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{campaign.refunded_amount > 0 ? `−${formatDollars(campaign.refunded_amount)}` : formatDollars(0)}</dd>
        </div>
        <div className="req-fees__total">
          <dt>Committed to athletes</dt>
          <dd>{formatDollars(campaign.request_amount)}</dd>
        </div>
      </dl>
      <p className="hd-muted req-summary__meta">Created {formatDate(campaign.created_at)}</p>
    </section>
  );
}

export interface CampaignAthletesProps {
  /** As the API sends them: by status priority, then newest first (spec §4). */
  entries: readonly CampaignEntry[];
  apiBase: string;
  /** Where an entry's View goes: /request/{id} (the business), /manage/request/{id} (the console). */
  requestPath: (requestId: string) => string;
  /** The console: each athlete links to /manage/user/{id} and every request opens, whatever its status (issue 22). */
  admin?: boolean;
}

/** The campaign's athletes: photo, name, status and amount; View on a delivered (4) or finished (5) one. */
export function CampaignAthletes({ entries, apiBase, requestPath, admin = false }: CampaignAthletesProps) {
  return (
    <section className="hd-panel cmp-athletes" aria-labelledby="cmp-athletes-title">
      <h2 className="hd-panel__title" id="cmp-athletes-title">
        Athletes
      </h2>
      {entries.length === 0 ? (
        <EmptyView text="No athletes in this campaign" icon="user" />
      ) : (
        <ul className="cmp-list">
          {entries.map((entry) => {
            const status = entry.status as RequestStatusCode;
            const name = partyName(entry.athlete);
            return (
              <li key={entry.id} className="cmp-entry">
                <PartyAvatar party={entry.athlete} apiBase={apiBase} />
                <span className="cmp-entry__main">
                  {admin ? (
                    <Link className="cmp-entry__name hd-link" href={`/manage/user/${entry.athlete.id}`}>
                      {name}
                    </Link>
                  ) : entry.athlete.username ? (
                    <Link className="cmp-entry__name hd-link" href={`/@${entry.athlete.username}`}>
                      {name}
                    </Link>
                  ) : (
                    <span className="cmp-entry__name">{name}</span>
                  )}
                  <span className="cmp-entry__meta">
                    <StatusPill status={status} />
                    {entry.refunded && <span className="cmp-entry__refunded">Refunded</span>}
                  </span>
                </span>
                <span className="cmp-entry__side">
                  <strong className={entry.refunded ? 'cmp-entry__amount cmp-entry__amount--refunded' : 'cmp-entry__amount'}>{formatDollars(entry.request_amount)}</strong>
                  {admin ? (
                    <Link className={buttonClassName('secondary', 'sm')} href={requestPath(entry.id)} aria-label={`Open ${name}'s request`}>
                      Request
                    </Link>
                  ) : (
                    hasViewButton(status) && (
                      <Link className={buttonClassName('secondary', 'sm')} href={requestPath(entry.id)} aria-label={`View ${name}'s video`}>
                        View
                      </Link>
                    )
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
