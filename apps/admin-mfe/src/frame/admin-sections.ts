import { matchPattern } from '@huddle/domain';

/**
 * The admin frame's tabs: spec §2's Users, Statistics and Pushes, and issue 21's money screens
 * (Payouts, Sent payouts, Money), each with the pages it covers.
 */
export const ADMIN_SECTIONS = [
  { key: 'users', label: 'Users', path: '/manage/users', covers: ['/manage/users', '/manage/user/:id', '/manage/request/:id'] },
  { key: 'stats', label: 'Statistics', path: '/manage/stats', covers: ['/manage/stats'] },
  { key: 'pushes', label: 'Pushes', path: '/manage/pushes', covers: ['/manage/pushes'] },
  { key: 'payouts', label: 'Payouts', path: '/manage/payouts', covers: ['/manage/payouts'] },
  { key: 'sent-payouts', label: 'Sent payouts', path: '/manage/sent-payouts', covers: ['/manage/sent-payouts'] },
  { key: 'money', label: 'Money', path: '/manage/money', covers: ['/manage/money'] },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

export function activeAdminSection(pathname: string): AdminSectionKey | null {
  const section = ADMIN_SECTIONS.find((candidate) => candidate.covers.some((pattern) => matchPattern(pattern, pathname)));
  return section ? section.key : null;
}
