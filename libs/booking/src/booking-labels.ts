import { ATHLETE_SERVICE_TYPES, SOCIAL_PLATFORMS, type SocialPlatform } from '@huddle/domain';
import type { FormType } from './booking-form';

/** Whether a route's type is one this form books (every athlete service; campaigns have their own). */
export function isFormType(value: string | undefined): value is FormType {
  return (ATHLETE_SERVICE_TYPES as readonly string[]).includes(value ?? '');
}

/** How the platform multi-select names each platform of spec §3. */
export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  tiktok: 'TikTok',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  snapchat: 'Snapchat',
  youtube: 'YouTube',
  twitch: 'Twitch',
  cameo: 'Cameo',
  other: 'Other',
};
export const PLATFORM_OPTIONS = SOCIAL_PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }));

/** The label of each free text of the booking form. */
export const TEXT_LABELS = {
  event_description: 'Event description',
  description: 'Description',
  topics: 'Topics',
  special_message: 'Special message',
  special_conditions: 'Special conditions',
  special_message_info: 'Special message',
  task: 'Task',
} as const;
export type TextFieldName = keyof typeof TEXT_LABELS;
