import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ShellContextProvider, ToastProvider, type ShellContextValue } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import type { RequestView } from '../api/requests-api';

/** Specs only: a request screen's part rendered to markup inside the shell's providers, on /request/x. */
export function renderInShell(node: ReactNode, shell: ShellContextValue): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/request/x">{node}</Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

type Party = RequestView['athlete'];

/**
 * Specs only: a paid request between Jordan Miles and `requester` (Riley Parker unless given), as
 * `viewer` sees it (the other party is its profile); `changes` set what the spec is about.
 */
export function testRequest(changes: Partial<RequestView> & { requester?: Party } = {}): RequestView {
  const athlete: Party = { id: 'a1', first_name: 'Jordan', last_name: 'Miles', username: 'jordan', profile_photo: null, business_name: null };
  const requester: Party = changes.requester ?? { id: 'f1', first_name: 'Riley', last_name: 'Parker', username: null, profile_photo: null, business_name: null };
  const other = changes.viewer === 'athlete' ? requester : athlete;
  return {
    id: '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10',
    type: 'endorsement',
    status: 1,
    order_number: '1042',
    name: 'A request',
    request_amount: 100,
    expiration_time: null,
    created_at: 1772625600,
    updated_at: 1772625600,
    paid_id: null,
    paid: true,
    profile: other,
    event: null,
    athletes_count: null,
    athlete_id: athlete.id,
    requester_id: requester.id,
    authorised: true,
    reviewed: false,
    is_apple_iap: false,
    social_media_platform: '',
    endorsement_campaign_id: null,
    campaign_name: null,
    disclosure_acknowledged: false,
    accepted_at: null,
    delivery_deadline: null,
    viewer: 'requester',
    available_actions: [],
    athlete,
    requester,
    first_name: other.first_name,
    last_name: other.last_name,
    profile_photo: null,
    details: {},
    video: null,
    video_chat_completed: false,
    flagged: false,
    review: null,
    history: [],
    share_url: null,
    payment: null,
    money: [],
    ...changes,
  };
}
