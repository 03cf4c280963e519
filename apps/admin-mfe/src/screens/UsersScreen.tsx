import { Page, Placeholder } from '@huddle/ui';

/** /manage/users (spec §2): the user list; page, request, userType and completeness live in the URL. */
export function UsersScreen() {
  return (
    <Page title="Users" subtitle="Find, add, edit, block, sync and remove users.">
      <Placeholder title="User list">Filters by user type and profile completeness, search by name, email or id, 20 per page.</Placeholder>
    </Page>
  );
}
