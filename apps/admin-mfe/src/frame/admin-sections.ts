import { matchPattern } from '@huddle/domain';

/** The admin frame's tabs (spec §2: Users, Statistics, Pushes) and the pages each one covers. */
export const ADMIN_SECTIONS = [
  { key: 'users', label: 'Users', path: '/manage/users', covers: ['/manage/users', '/manage/user/:id', '/manage/request/:id'] },
  { key: 'stats', label: 'Statistics', path: '/manage/stats', covers: ['/manage/stats', '/manage/payouts', '/manage/sent-payouts'] },
  { key: 'pushes', label: 'Pushes', path: '/manage/pushes', covers: ['/manage/pushes'] },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

export function activeAdminSection(pathname: string): AdminSectionKey | null {
  const section = ADMIN_SECTIONS.find((candidate) => candidate.covers.some((pattern) => matchPattern(pattern, pathname)));
  return section ? section.key : null;
}
