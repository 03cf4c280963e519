export const SERVICE_TYPES = [
  'personal_appearance',
  'speaking_engagement',
  'training_session',
  'endorsement',
  'video_chat',
  'shoutout',
  'camp',
  'endorsement_campaign',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The services an athlete enables and prices; a campaign is a group of endorsements, not a service. */
export const ATHLETE_SERVICE_TYPES = [
  'personal_appearance',
  'speaking_engagement',
  'training_session',
  'endorsement',
  'video_chat',
  'shoutout',
  'camp',
] as const satisfies readonly ServiceType[];
export type AthleteServiceType = (typeof ATHLETE_SERVICE_TYPES)[number];

export const SERVICE_LABELS: Record<ServiceType, string> = {
  personal_appearance: 'Personal appearance',
  speaking_engagement: 'Speaking engagement',
  training_session: 'Training session',
  endorsement: 'Endorsement',
  video_chat: 'Video chat',
  shoutout: 'Video shoutout',
  camp: 'Camp',
  endorsement_campaign: 'Endorsement campaign',
};

/** Services delivered as a video the requester approves (status 2 -> 4 by upload). */
export const VIDEO_DELIVERY_TYPES = ['endorsement', 'shoutout'] as const satisfies readonly ServiceType[];
export type VideoDeliveryType = (typeof VIDEO_DELIVERY_TYPES)[number];

/** Services booked for a place (booking forms require a location for these). */
export const LOCATION_SERVICE_TYPES = [
  'personal_appearance',
  'speaking_engagement',
  'training_session',
  'camp',
] as const satisfies readonly ServiceType[];
export type LocationType = (typeof LOCATION_SERVICE_TYPES)[number];
export const DEFAULT_LOCATION_TYPE: LocationType = 'personal_appearance';

/** Services priced per hour: total = rate x hours. */
export const HOURLY_SERVICE_TYPES = ['training_session', 'camp'] as const satisfies readonly ServiceType[];

export function isServiceType(value: unknown): value is ServiceType {
  return typeof value === 'string' && (SERVICE_TYPES as readonly string[]).includes(value);
}

/** A service type's words ('Video shoutout'); a type Huddle does not know (a newer API's) as it came. */
export function serviceTypeLabel(type: string): string {
  return isServiceType(type) ? SERVICE_LABELS[type] : type;
}

export function isAthleteServiceType(value: unknown): value is AthleteServiceType {
  return typeof value === 'string' && (ATHLETE_SERVICE_TYPES as readonly string[]).includes(value);
}

export function isLocationType(value: unknown): value is LocationType {
  return typeof value === 'string' && (LOCATION_SERVICE_TYPES as readonly string[]).includes(value);
}

export function requiresLocation(type: ServiceType): boolean {
  return (LOCATION_SERVICE_TYPES as readonly string[]).includes(type);
}

/** Delivered as a video the requester approves (endorsement, shoutout). */
export function isVideoDelivery(type: ServiceType): type is VideoDeliveryType {
  return (VIDEO_DELIVERY_TYPES as readonly string[]).includes(type);
}

export function isHourly(type: ServiceType): boolean {
  return (HOURLY_SERVICE_TYPES as readonly string[]).includes(type);
}
