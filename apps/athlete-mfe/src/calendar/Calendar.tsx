import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { toApiError } from '@huddle/api-client';
import { serviceTypeLabel } from '@huddle/domain';
import { Button, ConfirmDialog, EmptyView, ErrorView, Panel, SegmentedControl, SkeletonList, useToast } from '@huddle/ui';
import { useCalendarEvents, useCalendarFeed, useRegenerateFeed, type CalendarEvent } from './calendar-api';
import {
  eventsByDay,
  gridDays,
  periodLabel,
  rangeOf,
  shiftAnchor,
  timeLabel,
  weekdayLabels,
  weeksOf,
  type CalendarView,
  type GridDay,
} from './calendar-grid';
import './calendar.css';

const VIEWS: Array<{ id: CalendarView; label: string }> = [
  { id: 'month', label: 'Month' },
  { id: 'week', label: 'Week' },
];

export const CALENDAR_EMPTY = { title: 'No upcoming events', text: 'Accepted appearances, speaking engagements, training sessions, camps and video chats show here.' };

/** Finished events stay, greyed: the athlete sees what they did; pending and canceled ones never show. */
const FINISHED = 5;

function EventChip({ event, compact }: { event: CalendarEvent; compact: boolean }) {
  const finished = event.status === FINISHED;
  return (
    <Link
      href={`/request/${event.id}`}
      className={`cal-event cal-event--${event.type}${finished ? ' cal-event--finished' : ''}`}
      title={`${serviceTypeLabel(event.type)} with ${event.requester_name}, ${timeLabel(event.start_time)}–${timeLabel(event.end_time)}${finished ? ' (finished)' : ''}`}
    >
      <span className="cal-event__time">{timeLabel(event.start_time)}</span>{' '}
      <span className="cal-event__title">{serviceTypeLabel(event.type)}</span>
      {!compact && (
        <>
          <span className="cal-event__who">{event.requester_name}</span>
          {event.address && <span className="cal-event__where">{event.address}</span>}
        </>
      )}
    </Link>
  );
}

function MonthGrid({ days, byDay }: { days: GridDay[]; byDay: Map<string, CalendarEvent[]> }) {
  const short = weekdayLabels('short');
  const narrow = weekdayLabels('narrow');
  return (
    <div className="cal-month" role="grid" aria-label="Month">
      <div className="cal-month__head" role="row">
        {short.map((label, index) => (
          <div key={label} className="cal-month__weekday" role="columnheader" aria-label={label}>
            <span className="cal-wide">{label}</span>
            <span className="cal-narrow" aria-hidden="true">
              {narrow[index]}
            </span>
          </div>
        ))}
      </div>
      {weeksOf(days).map((week) => (
        <div key={week[0].key} className="cal-month__week" role="row">
          {week.map((day) => {
            const events = byDay.get(day.key) ?? [];
            return (
              <div
                key={day.key}
                role="gridcell"
                className={['cal-day', day.inPeriod ? '' : 'cal-day--outside', day.isToday ? 'cal-day--today' : '', events.length ? 'cal-day--busy' : ''].filter(Boolean).join(' ')}
              >
                {/* The day as a screen reader reads it; the cell is named by what it shows (its events too). */}
                <span className="hd-visually-hidden">{`${day.date.toDateString()}${events.length ? `, ${events.length} event${events.length === 1 ? '' : 's'}` : ''}`}</span>
                <span className="cal-day__number" aria-hidden="true">
                  {day.date.getDate()}
                </span>
                <div className="cal-day__events">
                  {events.map((event) => (
                    <EventChip key={event.id} event={event} compact />
                  ))}
                </div>
                {events.length > 0 && <span className="cal-day__dot" aria-hidden="true" />}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function WeekColumns({ days, byDay }: { days: GridDay[]; byDay: Map<string, CalendarEvent[]> }) {
  return (
    <ol className="cal-week" aria-label="Week">
      {days.map((day) => {
        const events = byDay.get(day.key) ?? [];
        return (
          <li key={day.key} className={['cal-week__day', day.isToday ? 'cal-day--today' : ''].filter(Boolean).join(' ')}>
            <h3 className="cal-week__heading">
              {new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(day.date)} <span className="cal-day__number">{day.date.getDate()}</span>
            </h3>
            {events.length === 0 ? (
              <p className="cal-week__none hd-muted">—</p>
            ) : (
              events.map((event) => <EventChip key={event.id} event={event} compact={false} />)
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * On a phone the month's cells are too small for titles: the events of the days the grid shows, as a
 * list under it. The leading and trailing days of the neighbouring months count too (muted, like their
 * cells): a dot in the grid always has its line in the list.
 */
export function Agenda({ days, events }: { days: GridDay[]; events: CalendarEvent[] }) {
  const byDay = eventsByDay(events, days);
  const busy = days.filter((day) => (byDay.get(day.key) ?? []).length > 0);
  return (
    <ol className="cal-agenda" aria-label="Events">
      {busy.map((day) => (
        <li key={day.key} className={`cal-agenda__day${day.inPeriod ? '' : ' cal-agenda__day--outside'}`}>
          <h3 className="cal-agenda__heading">{new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' }).format(day.date)}</h3>
          {(byDay.get(day.key) ?? []).map((event) => (
            <EventChip key={event.id} event={event} compact={false} />
          ))}
        </li>
      ))}
    </ol>
  );
}

function Schedule() {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => new Date());
  const days = useMemo(() => gridDays(view, anchor), [view, anchor]);
  const range = useMemo(() => rangeOf(days), [days]);
  const events = useCalendarEvents(range);
  const byDay = useMemo(() => eventsByDay(events.data ?? [], days), [events.data, days]);

  let body;
  if (events.isPending) body = <SkeletonList count={4} label="Loading your calendar" />;
  else if (events.isError) body = <ErrorView message={toApiError(events.error).message} onRetry={() => void events.refetch()} retrying={events.isFetching} />;
  else if (events.data.length === 0) body = <EmptyView title={CALENDAR_EMPTY.title} text={CALENDAR_EMPTY.text} icon="inbox" />;
  else if (view === 'month')
    body = (
      <>
        <MonthGrid days={days} byDay={byDay} />
        <Agenda days={days} events={events.data} />
      </>
    );
  else body = <WeekColumns days={days} byDay={byDay} />;

  return (
    <Panel className="cal-panel">
      <div className="cal-toolbar">
        <SegmentedControl label="View" options={VIEWS} value={view} onChange={setView} className="cal-switch" />
        <div className="cal-nav">
          <Button size="sm" variant="secondary" onClick={() => setAnchor(shiftAnchor(view, anchor, -1))} aria-label={view === 'month' ? 'Previous month' : 'Previous week'}>
            ‹
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAnchor(new Date())}>
            Today
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAnchor(shiftAnchor(view, anchor, 1))} aria-label={view === 'month' ? 'Next month' : 'Next week'}>
            ›
          </Button>
        </div>
        <h2 className="cal-period" aria-live="polite">
          {periodLabel(view, anchor)}
        </h2>
      </div>
      <div aria-busy={events.isFetching}>{body}</div>
    </Panel>
  );
}

function Feed() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateFeed();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show('Calendar link copied', 'success');
    } catch {
      toast.show('Copy failed: select the link and copy it', 'error');
    }
  };

  return (
    <Panel title="Subscribe in your calendar app" className="cal-feed">
      <p className="hd-muted cal-feed__hint">Add this private link to Google Calendar, Apple Calendar or Outlook to see your Huddle events there. Anyone with the link can read your calendar.</p>
      {feed.isPending && <SkeletonList count={1} label="Loading your calendar link" />}
      {feed.isError && <ErrorView message={toApiError(feed.error).message} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />}
      {feed.isSuccess && (
        <div className="cal-feed__row">
          <input className="hd-field__input cal-feed__url" readOnly value={feed.data} aria-label="Calendar link" onFocus={(event) => event.currentTarget.select()} />
          <div className="cal-feed__actions">
            <Button size="sm" onClick={() => void copy(feed.data)}>
              Copy
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
              Regenerate
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Regenerate the calendar link?"
        message="The current link stops working at once: calendar apps subscribed to it stop updating until you add the new link."
        confirmLabel="Regenerate"
        tone="danger"
        busy={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.show('New calendar link made: the old one no longer works', 'success');
            },
            onError: (error) => toast.show(toApiError(error).message, 'error'),
          })
        }
      />
    </Panel>
  );
}

/** The athlete's calendar (issue 23): month and week views of accepted timed events, and the iCal feed. */
export function Calendar() {
  return (
    <div className="cal-layout">
      <Schedule />
      <Feed />
    </div>
  );
}
