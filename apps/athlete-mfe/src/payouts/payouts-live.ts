import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@huddle/domain';
import { useShell } from '@huddle/ui';
import { PAYOUT_KEYS } from './payouts-api';

/** Where the 'Payout sent' notification (domain payoutSentNotification) and onboarding lead. */
export const PAYOUTS_PATH = '/settings/payouts';

/**
 * What a live event makes stale on the Payouts page: everything on a notification about a payout
 * (it opens this page: 'Payout sent'); the money on a notification about a request, since its
 * capture, completion, refund or dispute moves what is owed and payable. Counts and video-chat
 * signals change no money.
 */
export function stalePayoutKeys(event: LiveEvent): QueryKey[] {
  if (event.type !== 'notification') return [];
  const { notification } = event;
  if (notification.data.link?.split(/[?#]/, 1)[0] === PAYOUTS_PATH) return [PAYOUT_KEYS.all];
  if (notification.request_id || notification.endorsement_campaign_id) return [PAYOUT_KEYS.summary];
  return [];
}

/** Reads the payout account and money again when the shell's stream says they changed. */
export function useLivePayoutRefresh(): void {
  const { events } = useShell();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      events.subscribe((event) => {
        for (const queryKey of stalePayoutKeys(event)) void queryClient.invalidateQueries({ queryKey });
      }),
    [events, queryClient],
  );
}
