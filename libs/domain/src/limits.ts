import type { AthleteServiceType } from './service-types';

/** Limits of spec §5 and §9, in the units the product speaks (dollars, seconds, miles, megabytes). */
export const LIMITS = {
  username: { min: 3, max: 36 },
  description: { max: 230 },
  text: { max: 500 },
  /** What the forms let one type and the API stores: a person's first or last name, a travel location's name, a business's name. */
  personName: { max: 100 },
  locationName: { max: 100 },
  businessName: { max: 200 },
  resetCode: { length: 6, ttlSeconds: 10 * 60, maxAttempts: 5 },
  /** The set-password link an account added by an administrator gets by email (single use). */
  setPasswordLink: { ttlHours: 72 },
  password: { min: 8, max: 128 },
  video: { mimeTypes: ['video/mp4', 'video/quicktime'], maxMegabytes: 2044, maxSeconds: 30 },
  /** The athlete's delivery video has no duration limit of its own; the configured ceiling. */
  deliveryVideo: { maxSeconds: 99999 },
  /**
   * maxPixels bounds what a photo may decode to: a small PNG can declare 16000x16000 pixels (about
   * 1 GB of raw pixels) and exhaust memory. 50 megapixels is above any phone camera's photo.
   */
  image: { extensions: ['jpg', 'jpeg', 'png'], mimeTypes: ['image/jpeg', 'image/png'], maxPixels: 50_000_000 },
  /**
   * HEIC photos (an iPhone's) are converted to JPEG (spec §5): a browser that cannot open one has
   * the server convert it, the whole picture with its longer side at most maxSide, before the cropper.
   */
  convertedImage: { extensions: ['heic', 'heif'], mimeTypes: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'], maxSide: 2048 },
  crop: {
    dashboard: { width: 320, height: 440, aspect: 8 / 11 },
    profile: { width: 1024, height: 1024, aspect: 1 },
  },
  map: { defaultRadiusMiles: 4, minRadiusMiles: 1, maxRadiusMiles: 3000, radiusStep: 1, zoom: 10, maxZoom: 21, searchDebounceMs: 400, dragDebounceMs: 200 },
  defaultMapCenter: { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
  /** Travel locations one athlete may keep: enough for every city they would travel to, not a flood of rows. */
  travelLocations: { max: 25 },
  searchDebounceMs: 400,
  notificationBadgeCap: 99,
  /** Athletes a business's statistics name one by one, the most spent on first; the rest are one line (the export lists them all). */
  businessStatsAthletes: 20,
  selectMenuOptions: 50,
  gridColumns: 5,
  skeletonPlaceholders: 20,
  videoPlayDelayMs: 200,
  overlayTransitionMs: 200,
  bookingMinLeadSeconds: 60,
  bookingDurationHours: { min: 1, step: 1, default: 3 },
  serviceDurationMinutes: { personal_appearance: 60, training_session: 60, camp: 60, video_chat: 5 },
  quantityStepper: { step: 10, min: 0, max: 100000 },
  codeInputFields: 6,
  pageSize: { adminUsers: 20, selectableUsers: 20, payouts: 20, default: 20 },
  sseHeartbeatTimeoutMs: 180000,
  flagReportDelayMs: { min: 100, max: 1000 },
  /**
   * Card testing (issue 21): this many declined card attempts by one account within the window
   * pause its checkout for a whole window from the last of them. The API's defaults; deployments
   * tune them (CHECKOUT_DECLINES_MAX, CHECKOUT_DECLINES_WINDOW_SECONDS).
   */
  declinedCards: { max: 5, windowSeconds: 60 * 60 },
} as const;

export interface PriceLimit {
  min: number;
  max: number;
  step: number;
}

/**
 * Two readings of price limits appear in the spec (§9). Huddle applies them to two different
 * inputs: an athlete's service rates use step 10 from 10 up to 1000 (25000 for endorsements),
 * and what a business offers in an endorsement or campaign form uses 1.5 up to (strictly below)
 * 99999999, which is what the message 'Please, enter amount between {min} and {max}' describes.
 */
export const SERVICE_RATE_LIMITS: Record<AthleteServiceType, PriceLimit> = {
  personal_appearance: { min: 10, max: 1000, step: 10 },
  speaking_engagement: { min: 10, max: 1000, step: 10 },
  training_session: { min: 10, max: 1000, step: 10 },
  endorsement: { min: 10, max: 25000, step: 10 },
  video_chat: { min: 10, max: 1000, step: 10 },
  shoutout: { min: 10, max: 1000, step: 10 },
  camp: { min: 10, max: 1000, step: 10 },
};

export const ENDORSEMENT_OFFER_LIMITS = { min: 1.5, max: 99999999 } as const;

/**
 * The most one card payment may be, in cents: Stripe's limit for a USD charge ($999,999.99). An
 * offer the spec's range allows above it (up to 99999999) cannot be paid by card, so the API and
 * the forms refuse it with CARD_LIMIT_MESSAGE; a campaign's total is held to it as well.
 */
export const CARD_CHARGE_MAX_CENTS = 99_999_999;

/** Default rates at sign-up, in dollars (camp and training per hour). */
export const DEFAULT_RATES: Record<AthleteServiceType, number> = {
  speaking_engagement: 20,
  personal_appearance: 200,
  training_session: 20,
  endorsement: 20,
  video_chat: 100,
  shoutout: 10,
  camp: 20,
};

/** Dollars to integer cents and back; the API stores cents and speaks dollars. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

export function isValidServiceRate(type: AthleteServiceType, rate: number): boolean {
  const limit = SERVICE_RATE_LIMITS[type];
  return Number.isFinite(rate) && rate > 0 && rate >= limit.min && rate <= limit.max;
}

/** At least the minimum and strictly below the maximum, as the spec's message says. */
export function isValidOfferAmount(amount: number): boolean {
  return Number.isFinite(amount) && amount >= ENDORSEMENT_OFFER_LIMITS.min && amount < ENDORSEMENT_OFFER_LIMITS.max;
}

/**
 * A travel location's radius: whole miles, at least the minimum (spec §5, Location), and at most
 * the width of the country (the column is an integer: 3000000000 would not fit, and no trip is longer).
 */
export function isValidRadius(miles: number): boolean {
  return Number.isInteger(miles) && miles >= LIMITS.map.minRadiusMiles && miles <= LIMITS.map.maxRadiusMiles;
}

/**
 * How deep a request's JSON may nest. The deepest form (the athlete wizard's athlete_info with its
 * services) is four levels; JSON nested thousands deep only exists to overflow a recursive parser.
 */
export const MAX_INPUT_DEPTH = 32;

export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > LIMITS.notificationBadgeCap ? `${LIMITS.notificationBadgeCap}+` : String(count);
}
