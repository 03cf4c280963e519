import { lazy } from 'react';

/**
 * /request-form/b/endorsement_campaign: businesses only, so only the business remote maps it. An
 * entry of its own (@huddle/booking/campaign), not in the package's index: webpack emits a chunk for
 * every import() of a module it bundles, used or not, so through the index the fan remote carried
 * the campaign form too.
 */
export const CampaignFormScreen = lazy(() =>
  import(/* webpackChunkName: "campaign-form" */ './CampaignFormScreen').then((m) => ({ default: m.CampaignFormScreen })),
);
