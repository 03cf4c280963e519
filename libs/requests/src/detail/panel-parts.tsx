import { useEffect, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import type { RequestAction } from '@huddle/domain/request-actions';
import { formatDate, formatTimeLeft, isoDate } from '@huddle/domain/format';
import { useToast } from '@huddle/ui';
import type { RequestView } from '../api/requests-api';

/** Whether the API offers the viewer this action now (the domain's table, sent as available_actions). */
export function can(request: RequestView, action: RequestAction): boolean {
  return request.available_actions.includes(action);
}

/** One action's call: its answer becomes the request on screen; a refusal shows as a toast. */
export function useAction(call: (id: string) => Promise<RequestView>, request: RequestView, onChange: (request: RequestView) => void, after?: (request: RequestView) => void) {
  const toast = useToast();
  return useMutation({
    mutationFn: () => call(request.id),
    onSuccess: (changed) => {
      onChange(changed);
      after?.(changed);
    },
    onError: (error) => toast.show(toApiError(error).message, 'error'),
  });
}

/** The clock, read again every `everyMs` so countdowns move. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A pending request's time left to be accepted (spec §4's countdown). */
export function Countdown({ request, who }: { request: RequestView; who: string }) {
  const now = useNow();
  const left = formatTimeLeft(request.expiration_time, now);
  if (request.status !== 1 || !request.paid) return null;
  return (
    <p className="req-countdown" role="timer" aria-live="off">
      {left ? (
        <>
          <span className="hd-muted">Time left for {who} to accept</span> <strong>{left}</strong>
        </>
      ) : (
        <span className="hd-muted">The time to accept has run out</span>
      )}
    </p>
  );
}

/**
 * An accepted shoutout's or endorsement's delivery deadline (DELIVERY_DEADLINE_DAYS after
 * acceptance, sent by the API as delivery_deadline): past it the request is canceled and the
 * requester refunded, so both parties see the date and what happens after it.
 */
export function DeliveryDeadline({ request }: { request: RequestView }) {
  const deadline = request.delivery_deadline;
  const date = formatDate(deadline);
  if (request.status !== 2 || deadline == null || !date) return null;
  const when = <time dateTime={isoDate(deadline)}>{date}</time>;
  return request.viewer === 'athlete' ? (
    <p className="req-deadline">
      <strong>Deliver by {when}</strong> <span className="hd-muted">or the request is canceled and refunded.</span>
    </p>
  ) : (
    <p className="req-deadline">
      <strong>Delivery expected by {when}</strong> <span className="hd-muted">If it has not arrived by then, the request is canceled and you are refunded in full.</span>
    </p>
  );
}

/** The panel's frame: a headline of where the request stands, then its buttons. */
export function ActionBox({ headline, children }: { headline?: ReactNode; children?: ReactNode }) {
  return (
    <section className="hd-panel req-actions" aria-label="Actions">
      {headline && <div className="req-actions__headline">{headline}</div>}
      {children && <div className="req-actions__buttons">{children}</div>}
    </section>
  );
}
