import { SOCIAL_LINK_TYPES } from '@huddle/domain';
import { Page, Placeholder, useShell } from '@huddle/ui';

function SettingsPage({ title, children }: { title: string; children: string }) {
  const { navigate } = useShell();
  return (
    <Page title={title} width="narrow" onBack={() => navigate('/profile')}>
      <Placeholder title={title}>{children}</Placeholder>
    </Page>
  );
}

/** /settings/links (spec §2). */
export function SocialLinksScreen() {
  return <SettingsPage title="Social links">{`Your ${SOCIAL_LINK_TYPES.join(', ')} links.`}</SettingsPage>;
}

/** /settings/survey (spec §2). */
export function SurveyScreen() {
  return <SettingsPage title="Sports and school">The sports you play and your one school.</SettingsPage>;
}

/** /settings/services (spec §2). */
export function ServicesScreen() {
  return <SettingsPage title="Services">Service toggles and rates, and the locations you travel to.</SettingsPage>;
}
