import type { ReactNode } from 'react';
import { formatDollars } from '@huddle/domain/format';
import { athletesCountText, type CampaignSummary } from './campaign-form';

export interface CampaignFooterProps {
  summary: CampaignSummary;
  /** Continue (the picker) or the details form's submit. */
  action: ReactNode;
  /** Why the action cannot go on (no athlete chosen, a server refusal). */
  message?: string | null;
  /** A hint before the user tried, an error (announced) after. */
  messageTone?: 'hint' | 'error';
}

/**
 * The campaign's sticky summary (spec §2: 'a footer summary with a Continue button'): how many
 * athletes are chosen and the total of their prices, with the step's action beside it.
 */
export function CampaignFooter({ summary, action, message, messageTone = 'error' }: CampaignFooterProps) {
  return (
    <div className="cp-footer">
      <div className="cp-footer__summary" role="status" aria-live="polite">
        <span className="cp-footer__count">{athletesCountText(summary.count)}</span>
        <span className="cp-footer__total">
          <span className="hd-muted">Total</span> <strong>{formatDollars(summary.totalCents / 100)}</strong>
        </span>
        {summary.unpriced > 0 && <span className="hd-muted cp-footer__note">{`${athletesCountText(summary.unpriced)} without a valid price`}</span>}
      </div>
      <div className="cp-footer__action">{action}</div>
      {message && (
        <p className={`${messageTone === 'error' ? 'hd-field__error' : 'hd-field__hint'} cp-footer__message`} role={messageTone === 'error' ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}

