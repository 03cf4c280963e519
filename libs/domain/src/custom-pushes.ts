import { ADMIN_MESSAGES } from './admin-messages';
import { MESSAGES } from './messages';
import { hasForbiddenCharacters } from './validation';
import { UserType } from './roles';

/**
 * Custom pushes (issue 22, spec §2 "Admin push composer", §5 "Push"): an administrator's message
 * to every fan, athlete or business, or to chosen users, written once for the API that checks and
 * sends it and the admin remote's wizard.
 */
export const CUSTOM_PUSH_LIMITS = { name: 100, subject: 150, message: 500 } as const;

/** Roles a push may go to: the administrator role never receives a role push. */
export const CUSTOM_PUSH_ROLES = [UserType.Fan, UserType.Athlete, UserType.Business] as const;
export type CustomPushRole = (typeof CUSTOM_PUSH_ROLES)[number];

/** A push's life: written and edited as a draft, then sending (its job writes the notifications), then sent. */
export const CUSTOM_PUSH_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CustomPushStatus = (typeof CUSTOM_PUSH_STATUSES)[number];

/** How many recipients one transaction of the sending job notifies (a push to 100,000 is 100 short transactions). */
export const CUSTOM_PUSH_BATCH = 1000;

/** At most this many chosen users in one push (the picker adds them one by one). */
export const CUSTOM_PUSH_MAX_USERS = 1000;

export interface CustomPushForm {
  name: string;
  subject: string;
  message: string;
  destination: { roles: CustomPushRole[]; user_ids?: undefined } | { user_ids: string[]; roles?: undefined };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max: number, multiline: boolean): { value: string } | { error: string } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { error: MESSAGES.required };
  if (typeof value !== 'string') return { error: MESSAGES.required };
  const trimmed = value.trim();
  if (trimmed.length > max) return { error: MESSAGES.tooLong(max) };
  if (hasForbiddenCharacters(trimmed, multiline)) return { error: MESSAGES.forbiddenCharacters };
  return { value: trimmed };
}

/**
 * Checks a push as the wizard sends it: name, subject and message required (trimmed, at most
 * 100/150/500 characters); a destination of at least one role among fan, athlete and business
 * (the administrator's refused), or of at least one user (ids; the API checks they are live
 * accounts). Answers the push or the errors by field (snake_case, as the API speaks).
 */
export function parseCustomPush(body: unknown): { push: CustomPushForm } | { errors: Record<string, string> } {
  const input = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const name = text(input.name, CUSTOM_PUSH_LIMITS.name, false);
  const subject = text(input.subject, CUSTOM_PUSH_LIMITS.subject, false);
  const message = text(input.message, CUSTOM_PUSH_LIMITS.message, true);
  if ('error' in name) errors.name = name.error;
  if ('error' in subject) errors.subject = subject.error;
  if ('error' in message) errors.message = message.error;

  let destination: CustomPushForm['destination'] | null = null;
  const chosen = isRecord(input.destination) ? input.destination : {};
  const roles = chosen.roles;
  const userIds = chosen.user_ids;
  const hasRoles = Array.isArray(roles) && roles.length > 0;
  const hasUsers = Array.isArray(userIds) && userIds.length > 0;
  if (hasRoles && hasUsers) errors.destination = MESSAGES.pushDestinationRequired;
  else if (hasRoles) {
    const allowed = roles.every((role) => (CUSTOM_PUSH_ROLES as readonly unknown[]).includes(role));
    if (!allowed) errors['destination.roles'] = ADMIN_MESSAGES.pushRoleInvalid;
    else destination = { roles: [...new Set(roles as CustomPushRole[])].sort() };
  } else if (hasUsers) {
    if (!userIds.every((id) => typeof id === 'string' && UUID.test(id))) errors['destination.user_ids'] = ADMIN_MESSAGES.pushUsersUnavailable;
    else if (userIds.length > CUSTOM_PUSH_MAX_USERS) errors['destination.user_ids'] = `Choose at most ${CUSTOM_PUSH_MAX_USERS} users`;
    else destination = { user_ids: [...new Set((userIds as string[]).map((id) => id.toLowerCase()))] };
  } else errors.destination = MESSAGES.pushDestinationRequired;

  if (Object.keys(errors).length > 0 || !destination || 'error' in name || 'error' in subject || 'error' in message) return { errors };
  return { push: { name: name.value, subject: subject.value, message: message.value, destination } };
}
