import type { ReactNode } from 'react';
import { ServicesSettings, SocialLinksSettings, SportsSchoolSettings } from '@huddle/member';
import { Page, useShell } from '@huddle/ui';

function SettingsPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { navigate } = useShell();
  return (
    <Page title={title} subtitle={subtitle} width="narrow" onBack={() => navigate('/profile')}>
      <div className="hd-stack">{children}</div>
    </Page>
  );
}

/** /settings/links (spec §2): edit or remove the five social links. */
export function SocialLinksScreen() {
  return (
    <SettingsPage title="Social links" subtitle="Where fans can follow you.">
      <SocialLinksSettings />
    </SettingsPage>
  );
}

/** /settings/survey (spec §2): sports and one school. */
export function SurveyScreen() {
  return (
    <SettingsPage title="Sports and school" subtitle="The sports you play and your school.">
      <SportsSchoolSettings />
    </SettingsPage>
  );
}

/** /settings/services (spec §2): service toggles and rates, and travel locations. */
export function ServicesScreen() {
  return (
    <SettingsPage title="Services" subtitle="What you offer, your rates and where you travel.">
      <ServicesSettings />
    </SettingsPage>
  );
}
