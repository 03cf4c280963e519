// The administrator's messages, on the @huddle/domain/admin entry (no other role's first screen
// carries them). This file imports nothing, so a screen that shows one of them bundles only these
// strings, never a second copy of MESSAGES.

/**
 * The administrator console's user actions (spec §8, issue 22): the API answers them as `message`
 * and the admin remote shows the same strings as toasts and refusals.
 */
export const ADMIN_MESSAGES = {
  userCreated: 'User has been created',
  userUpdating: 'Updating user',
  userUpdated: 'User has been updated',
  userLocked: 'The user has been locked',
  userUnlocked: 'The user has been unlocked',
  userSynced: 'The user has been synced',
  userRemoved: 'The user has been removed',
  cannotBlockSelf: 'You cannot block yourself',
  cannotRemoveSelf: 'You cannot remove yourself',
  /** Edits, uploads, blocks and deletions of an administrator's account (isManagedInConsole). */
  administratorNotManaged: 'Administrators cannot be changed here',
  /** Uploads on an account that is not an athlete's (the photo and intro are the athlete profile's). */
  notAnAthlete: 'This user is not an athlete',
  /** The emailed set-password link: wrong, used, expired, or its account blocked or gone. */
  setPasswordLinkInvalid: 'This link is invalid or has expired. Please ask an administrator for a new one.',
  /** Requests and campaigns: an action on /manage/request/{id} (an unknown id answers MESSAGES.requestNotFound). */
  statusChanged: 'Status has been changed',
  /** Custom pushes. */
  pushCreated: 'Custom push has been created',
  pushUpdated: 'Custom push has been updated',
  pushDeleted: 'Custom push has been deleted',
  pushesSent: 'Pushes has been sent',
  pushNotFound: 'Custom push not found',
  pushNotEditable: 'This push has already been sent and cannot be changed',
  pushBeingSent: 'This push is being sent and cannot be deleted',
  pushRoleInvalid: 'Choose fans, athletes or businesses',
  pushUsersUnavailable: 'Some of these users cannot receive pushes',
} as const;

/** The email an account added by an administrator gets: its single-use link to choose a password. */
export function setPasswordEmail(link: string, ttlHours: number): { subject: string; text: string } {
  return {
    subject: 'Your Huddle account is ready',
    text: `An administrator created a Huddle account for you. Choose your password here: ${link} . The link works once, for ${ttlHours} hours. Then sign in and finish setting up your profile.`,
  };
}
