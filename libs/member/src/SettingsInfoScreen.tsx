import { Page, Placeholder, useShell } from '@huddle/ui';

/** /settings/info (spec §2): edit the profile; delete the account after a two-step confirmation. */
export function SettingsInfoScreen() {
  const { navigate } = useShell();
  return (
    <Page title="Edit profile" width="narrow" onBack={() => navigate('/profile')}>
      <Placeholder title="Profile details">
        Name, username, email, phone and photo, with Save, and Delete profile at the bottom.
      </Placeholder>
    </Page>
  );
}
