import { isServiceType, MESSAGES, SERVICE_LABELS } from '@huddle/domain';
import { EmptyView, Icon, useHydrated } from '@huddle/ui';
import type { AthleteHistoryItem } from '../api/discovery-types';
import { formatDate, isoDate } from '@huddle/domain/format';

/** The label of a finished request's type; a type this client does not know yet shows as 'Service'. */
function typeLabel(type: string): string {
  return isServiceType(type) ? SERVICE_LABELS[type] : 'Service';
}

/**
 * History (spec §2): the athlete's finished requests, newest first. Public, guests included, so
 * each row shows only the type, the date and the requester as the API names them for the public
 * (first name and last initial, or the business's name); no request ids.
 */
export function HistoryTab({ history }: { history: readonly AthleteHistoryItem[] }) {
  // In the viewer's time zone once the page is theirs; a first screen rendered on the server, and its hydration, in UTC.
  const inViewerZone = useHydrated();
  if (history.length === 0) return <EmptyView icon="inbox" text={MESSAGES.noHistory} />;
  return (
    <ul className="hd-panel rq-history">
      {history.map((item, index) => {
        const date = formatDate(item.finished_at, inViewerZone);
        return (
          // Rows carry no id (a public page must not show one); the list is read-only, so the position is a stable key.
          <li key={`${index}-${item.finished_at}`} className="rq-history__item">
            <span className="rq-history__icon">
              <Icon name="check" size={16} />
            </span>
            <div className="rq-history__body">
              <span className="rq-history__type">{typeLabel(item.type)}</span>
              <span className="hd-muted">Booked by {item.requester_name}</span>
            </div>
            {date && (
              <time className="rq-history__date" dateTime={isoDate(item.finished_at)}>
                {date}
              </time>
            )}
          </li>
        );
      })}
    </ul>
  );
}
