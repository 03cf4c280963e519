import { USER_TYPE_NAMES, baseUserType } from '@huddle/domain';
import { Button, Page, Panel, useShell } from '@huddle/ui';

/** /profile for fans and businesses (spec §2): the own account with Edit leading to /settings/info. */
export function ProfileScreen() {
  const { account, role, navigate } = useShell();
  const userType = baseUserType(role);
  const name = [account?.first_name, account?.last_name].filter(Boolean).join(' ');

  return (
    <Page
      title="Profile"
      width="narrow"
      actions={
        <Button variant="secondary" onClick={() => navigate('/settings/info')}>
          Edit
        </Button>
      }
    >
      <Panel>
        <dl className="hd-definition">
          <dt>Name</dt>
          <dd>{name || 'Not set yet'}</dd>
          <dt>Email</dt>
          <dd>{account?.email}</dd>
          <dt>Account</dt>
          <dd>{userType ? USER_TYPE_NAMES[userType] : ''}</dd>
        </dl>
      </Panel>
    </Page>
  );
}
