import { MESSAGES, USER_TYPE_NAMES } from '@huddle/domain';
import { CUSTOM_PUSH_LIMITS } from '@huddle/domain/admin';
import type { CustomPush, CustomPushInput } from './admin-console-api';

/*
 * The custom-push wizard (issue 22): 1 name, subject and message; 2 the destination, by roles
 * (fan, athlete, business: the administrator role is never a destination) or by chosen users;
 * 3 the confirmation. Back returns to the previous step with everything kept.
 */

export type WizardStep = 1 | 2 | 3;
export type PushRole = 1 | 2 | 3;

export const PUSH_ROLES: readonly { value: PushRole; label: string; plural: string }[] = [
  { value: 1, label: USER_TYPE_NAMES[1], plural: 'Fans' },
  { value: 2, label: USER_TYPE_NAMES[2], plural: 'Athletes' },
  { value: 3, label: USER_TYPE_NAMES[3], plural: 'Businesses' },
];

/** Each text's longest length: the API's own (CUSTOM_PUSH_LIMITS). */
export const PUSH_TEXT_LIMITS = CUSTOM_PUSH_LIMITS;

export interface PickedUser {
  id: string;
  name: string;
  email: string;
}

export interface PushDraft {
  name: string;
  subject: string;
  message: string;
  mode: 'roles' | 'users';
  roles: PushRole[];
  users: PickedUser[];
}

export interface WizardState {
  step: WizardStep;
  draft: PushDraft;
  /** The push being edited; null for a new one. */
  editing: string | null;
}

export type DraftField = 'name' | 'subject' | 'message' | 'destination';

export function emptyDraft(): PushDraft {
  return { name: '', subject: '', message: '', mode: 'roles', roles: [], users: [] };
}

export function draftOfPush(push: CustomPush): PushDraft {
  const users = push.destination.users.length > 0 ? push.destination.users : push.destination.user_ids.map((id) => ({ id, name: id, email: '' }));
  return {
    name: push.name,
    subject: push.subject,
    message: push.message,
    mode: push.destination.user_ids.length > 0 ? 'users' : 'roles',
    roles: push.destination.roles.filter((role): role is PushRole => role === 1 || role === 2 || role === 3),
    users,
  };
}

/** The problems that keep a step from going on, with the messages of spec §5 and the contract. */
export function stepErrors(step: WizardStep, draft: PushDraft): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  if (step === 1) {
    for (const field of ['name', 'subject', 'message'] as const) {
      if (draft[field].trim() === '') errors[field] = MESSAGES.required;
      else if (draft[field].length > PUSH_TEXT_LIMITS[field]) errors[field] = MESSAGES.tooLong(PUSH_TEXT_LIMITS[field]);
    }
  }
  if (step === 2) {
    const chosen = draft.mode === 'roles' ? draft.roles.length : draft.users.length;
    if (chosen === 0) errors.destination = MESSAGES.pushDestinationRequired;
  }
  return errors;
}

export function hasStepErrors(errors: Partial<Record<DraftField, string>>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Next: on to the following step when this one is right, else stay (the caller shows the errors). */
export function nextStep(state: WizardState): WizardState {
  if (state.step === 3 || hasStepErrors(stepErrors(state.step, state.draft))) return state;
  return { ...state, step: (state.step + 1) as WizardStep };
}

/** Back: the previous step, everything typed kept. */
export function previousStep(state: WizardState): WizardState {
  return state.step === 1 ? state : { ...state, step: (state.step - 1) as WizardStep };
}

export function toggleRole(draft: PushDraft, role: PushRole, on: boolean): PushDraft {
  const roles = on ? [...new Set([...draft.roles, role])].sort() : draft.roles.filter((value) => value !== role);
  return { ...draft, roles };
}

export function toggleUser(draft: PushDraft, user: PickedUser, on: boolean): PushDraft {
  const others = draft.users.filter((picked) => picked.id !== user.id);
  return { ...draft, users: on ? [...others, user] : others };
}

/** The body of POST/PUT /admin/custom-push: only the chosen kind of destination. */
export function pushInputOf(draft: PushDraft): CustomPushInput {
  return {
    name: draft.name.trim(),
    subject: draft.subject.trim(),
    message: draft.message.trim(),
    destination: draft.mode === 'roles' ? { roles: [...draft.roles] } : { user_ids: draft.users.map((user) => user.id) },
  };
}

/** 'Fans, Athletes' or '3 users': who a push goes to, for the list and the confirmation. */
export function destinationText(destination: { roles: readonly number[]; user_ids: readonly string[] }): string {
  if (destination.user_ids.length > 0) return destination.user_ids.length === 1 ? '1 chosen user' : `${destination.user_ids.length} chosen users`;
  const names = destination.roles.map((role) => PUSH_ROLES.find((option) => option.value === role)?.plural).filter(Boolean);
  return names.length > 0 ? names.join(', ') : 'Nobody';
}

/** 'Sending 1,000 of 4,200' while a push goes out; the list polls until it is sent. */
export function progressText(push: Pick<CustomPush, 'status' | 'recipients_done' | 'recipients_total'>): string {
  if (push.status === 'draft') return 'Draft';
  if (push.status === 'sent') return `Sent to ${push.recipients_total.toLocaleString('en-US')}`;
  return `Sending ${push.recipients_done.toLocaleString('en-US')} of ${push.recipients_total.toLocaleString('en-US')}`;
}
