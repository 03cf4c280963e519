import type { ReactNode } from 'react';
import { campaignBanner, RequestStatus, type RequestStatusCode } from '@huddle/domain';
import { Button } from '@huddle/ui';
import { ActionBox } from '../detail/panel-parts';

export interface CampaignBannerProps {
  /** The campaign's derived status (spec §4). */
  status: RequestStatusCode;
  paid: boolean;
  /** The API offers the viewer Cancel (available_actions): a pending campaign, to its business. */
  canCancel: boolean;
  onCancel: () => void;
  /** Opens the checkout of an unpaid campaign; absent where the viewer cannot pay (an administrator). */
  onPay?: () => void;
  /** The time left for the athletes to accept, while pending ('2d 4h'). */
  timeLeft?: string | null;
}

/**
 * The campaign's banner (spec §4, campaignBanner of @huddle/domain): Cancel Campaign while
 * pending; 'Campaign Canceled'; finished; 'Awaiting Completion' while athletes work (2, 4 or 6).
 */
export function CampaignBanner({ status, paid, canCancel, onCancel, onPay, timeLeft }: CampaignBannerProps) {
  const kind = campaignBanner(status);
  let headline: ReactNode;
  const buttons: ReactNode[] = [];
  switch (kind) {
    case 'cancel':
      headline = paid ? (
        <p>
          Waiting for the athletes to accept.{' '}
          {timeLeft && (
            <span className="req-countdown">
              <span className="hd-muted">Time left</span> <strong>{timeLeft}</strong>
            </span>
          )}
        </p>
      ) : (
        <p>Not paid yet: the athletes see their requests once you pay.</p>
      );
      if (!paid && onPay) {
        buttons.push(
          <Button key="pay" variant="accent" onClick={onPay}>
            Pay
          </Button>,
        );
      }
      if (canCancel) {
        buttons.push(
          <Button key="cancel" variant="danger" onClick={onCancel}>
            Cancel Campaign
          </Button>,
        );
      }
      break;
    case 'canceled':
      headline = (
        <>
          <p className="req-actions__state">Campaign Canceled</p>
          {paid && <p className="hd-muted">Canceled shares are refunded to your card; the list below marks each one Refunded once it is done.</p>}
        </>
      );
      break;
    case 'finished':
      headline = (
        <>
          <p className="req-actions__state">Campaign finished</p>
          <p className="hd-muted">Every athlete who accepted has delivered, and the videos are approved.</p>
        </>
      );
      break;
    case 'awaiting_completion':
      headline = (
        <>
          <p className="req-actions__state">Awaiting Completion</p>
          <p className="hd-muted">
            {status === RequestStatus.PendingReview ? 'Videos are waiting for your approval: open them with View below.' : 'The athletes who accepted are making their videos.'}
          </p>
        </>
      );
      break;
  }
  return (
    <div className={`cmp-banner cmp-banner--${kind}`}>
      <ActionBox headline={headline}>{buttons.length > 0 ? buttons : undefined}</ActionBox>
    </div>
  );
}
