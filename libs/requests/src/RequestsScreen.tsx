import { EmptyView, Page, Tabs, useSearchParam } from '@huddle/ui';
import { emptyRequestsText, REQUEST_TABS, requestTabOf } from './request-tabs';

/**
 * /requests (spec §2): the member's requests by status, the active tab kept in the URL. Items
 * (type, requestor, expiry) open /request/{id}; campaigns use an @-prefixed id.
 */
export function RequestsScreen() {
  const [tabParam, setTab] = useSearchParam('tab');
  const tab = requestTabOf(tabParam);
  return (
    <Page title="Requests">
      <Tabs tabs={REQUEST_TABS} active={tab} onChange={setTab} label="Requests by status">
        <EmptyView text={emptyRequestsText(tab)} />
      </Tabs>
    </Page>
  );
}
