/** The console's toasts and state texts (spec §8, issue 22), written once for the screens and their specs. */
export const USER_TOASTS = {
  locked: 'The user has been locked',
  unlocked: 'The user has been unlocked',
  synced: 'The user has been synced',
  removed: 'The user has been removed',
  created: 'User has been created',
  updating: 'Updating user',
  updated: 'User has been updated',
} as const;

export const PUSH_TOASTS = {
  created: 'Custom push has been created',
  updated: 'Custom push has been updated',
  deleted: 'Custom push has been deleted',
  sent: 'Pushes has been sent',
} as const;

export const CONSOLE_TEXTS = {
  noUsers: 'No users match these filters',
  noUserRequests: 'No requests match these filters',
  noAudit: 'No administrator actions recorded yet',
  noPushes: 'No custom pushes yet',
  noPushesFound: 'No custom pushes match this search',
  noPickedUsers: 'No users match this search',
  leaveUnsaved: 'Leave without saving? Your changes to this user will be lost.',
} as const;
