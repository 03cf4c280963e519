import { API_PREFIX } from '../../app/openapi-document';

/** The sandbox's onboarding page as a browser reaches it (the API prefix included), the part Stripe's hosted onboarding plays. */
export const SANDBOX_ONBOARDING_PATH = `/${API_PREFIX}/payouts/sandbox/onboarding`;

/** Where onboarding sends the athlete back: the shell's payout settings. */
export const PAYOUT_SETTINGS_PATH = '/settings/payouts';
