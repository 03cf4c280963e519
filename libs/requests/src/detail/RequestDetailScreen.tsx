import type { ComponentType } from 'react';
import { Page, useShell, type ScreenProps } from '@huddle/ui';
import { isCampaignId } from '../campaign-id';

/** What every role's action panel is told about the request it acts on. */
export interface ActionPanelProps {
  /** The request id of the route; for a campaign, '@' and the campaign id (spec §2). */
  requestId: string;
  campaign: boolean;
}

export interface RequestDetailScreenProps extends ScreenProps {
  /** The role's actions: RequesterActionPanel, AthleteActionPanel or AdminActionPanel. */
  ActionPanel: ComponentType<ActionPanelProps>;
  /** Where Back goes: the role's list of requests. */
  backTo: string;
  width?: 'narrow' | 'wide';
}

/**
 * /request/{id} (and /manage/request/{id} for the administrator), spec §2 and §4: one detail for
 * every role, framing the role's action panel. Campaign ids start with '@'.
 */
export function RequestDetailScreen({ params, ActionPanel, backTo, width = 'narrow' }: RequestDetailScreenProps) {
  const { navigate } = useShell();
  const requestId = params.id ?? '';
  const campaign = isCampaignId(requestId);

  return (
    <Page
      title={campaign ? 'Endorsement campaign' : 'Request'}
      subtitle={campaign ? `Campaign ${requestId.slice(1)}` : `Request ${requestId}`}
      width={width}
      onBack={() => navigate(backTo)}
    >
      <ActionPanel requestId={requestId} campaign={campaign} />
    </Page>
  );
}
