import { ADMIN_MESSAGES } from '@huddle/domain/admin';

/** The console's toasts (spec §8, issue 22), from libs/domain where the API's answers come from too. */
export const USER_TOASTS = {
  locked: ADMIN_MESSAGES.userLocked,
  unlocked: ADMIN_MESSAGES.userUnlocked,
  synced: ADMIN_MESSAGES.userSynced,
  removed: ADMIN_MESSAGES.userRemoved,
  created: ADMIN_MESSAGES.userCreated,
  updating: ADMIN_MESSAGES.userUpdating,
  updated: ADMIN_MESSAGES.userUpdated,
} as const;

export const PUSH_TOASTS = {
  created: ADMIN_MESSAGES.pushCreated,
  updated: ADMIN_MESSAGES.pushUpdated,
  deleted: ADMIN_MESSAGES.pushDeleted,
  sent: ADMIN_MESSAGES.pushesSent,
} as const;

/** The console's state texts. */
export const CONSOLE_TEXTS = {
  noUsers: 'No users match these filters',
  noUserRequests: 'No requests match these filters',
  noAudit: 'No administrator actions recorded yet',
  noPushes: 'No custom pushes yet',
  noPushesFound: 'No custom pushes match this search',
  noPickedUsers: 'No users match this search',
  leaveUnsaved: 'Leave without saving? Your changes to this user will be lost.',
} as const;
