import { Button, Page, Placeholder, Tabs, useSearchParam, useShell } from '@huddle/ui';

const TABS = [
  { id: 'info', label: 'Info' },
  { id: 'video', label: 'Video' },
  { id: 'services', label: 'Services' },
] as const;

type Tab = (typeof TABS)[number]['id'];

/** Where each tab's Edit button leads (spec §2: /settings/info and the athlete's settings). */
const EDIT_PATHS: Record<Tab, string> = { info: '/settings/info', video: '/settings/info', services: '/settings/services' };

/** /profile for athletes (spec §2): tabs Info, Video and Services, each with an Edit button. */
export function AthleteOwnProfileScreen() {
  const { navigate } = useShell();
  const [tabParam, setTab] = useSearchParam('tab');
  const tab: Tab = TABS.find((candidate) => candidate.id === tabParam)?.id ?? 'info';
  return (
    <Page
      title="Profile"
      actions={
        <Button variant="secondary" onClick={() => navigate(EDIT_PATHS[tab])}>
          Edit
        </Button>
      }
    >
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Your profile">
        <Placeholder title={TABS.find((candidate) => candidate.id === tab)?.label ?? ''}>
          {tab === 'info' && 'Your photo, description, sports, school and social links.'}
          {tab === 'video' && 'Your intro video as fans see it.'}
          {tab === 'services' && 'The services you offer, their rates and your travel locations.'}
        </Placeholder>
      </Tabs>
    </Page>
  );
}
