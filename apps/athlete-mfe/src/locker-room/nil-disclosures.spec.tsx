import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { ApiError } from '@huddle/api-client';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { NIL_DISCLOSURES_KEY, type NilDisclosure } from './nil-api';
import { NilDisclosureList, NilDisclosures } from './NilDisclosures';

type Cached = { data: NilDisclosure[] } | { error: Error } | undefined;

function render(node: ReactNode, cached?: Cached): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false, staleTime: Infinity } } });
  if (cached && 'data' in cached) client.setQueryData(NIL_DISCLOSURES_KEY, cached.data);
  if (cached && 'error' in cached) {
    const query = client.getQueryCache().build(client, { queryKey: NIL_DISCLOSURES_KEY });
    query.setState({ ...query.state, status: 'error', error: cached.error, errorUpdatedAt: Date.now() });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ShellContextProvider value={testShell({ role: 2 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <Router ssrPath="/locker-room">{node}</Router>
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
}

function deal(changes: Partial<NilDisclosure>): NilDisclosure {
  return {
    id: 'acme-1',
    request_id: 'r1',
    request_type: 'endorsement',
    payor: { kind: 'business', name: 'Acme Co.', company: { name: 'Acme Co.', email: 'deals@acme.test', website: 'https://acme.test', address: null } },
    amount: 650,
    platform_fee: 130,
    athlete_net: 520,
    agreed_at: '2026-11-27T15:00:00.000Z',
    obligations: 'Two posts',
    payor_total: 650,
    flagged: true,
    report_by: '2026-12-04',
    business_days_left: 3,
    reported_on: null,
    nil_go_status: null,
    void: false,
    packet_filename: 'huddle-nil-disclosure-2026-11-27-acme-co.pdf',
    ...changes,
  };
}

const DEALS: NilDisclosure[] = [
  deal({ id: 'fan-small', flagged: false, report_by: null, business_days_left: null, request_type: 'shoutout', amount: 25, payor_total: 25, payor: { kind: 'fan', name: 'Jordan P.', company: null } }),
  deal({ id: 'bolt-done', payor: { kind: 'business', name: 'Bolt LLC', company: { name: 'Bolt LLC', email: null, website: null, address: null } }, reported_on: '2026-12-02', nil_go_status: 'cleared', report_by: '2026-12-03' }),
  deal({}),
  deal({ id: 'late', payor: { kind: 'business', name: 'Late Inc', company: { name: 'Late Inc', email: null, website: null, address: null } }, report_by: '2026-11-20', agreed_at: '2026-11-13T15:00:00.000Z' }),
];

/** Noon in New York on Tuesday, December 1, 2026. */
const TUESDAY = new Date('2026-12-01T17:00:00Z');

describe('locker room: NIL disclosures', () => {
  it('shows a skeleton while the deals load, with the rule ($600, 5 business days) above', () => {
    const html = render(<NilDisclosures />);
    expect(html).toContain('NIL disclosures');
    expect(html).toContain('Loading your deals');
    expect(html).toMatch(/\$600.*5 business days/);
  });

  it("shows the API's error with Retry", () => {
    const html = render(<NilDisclosures />, { error: new ApiError(1500, 'Something went wrong on our side', 500) });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Something went wrong on our side');
    expect(html).toContain('Retry');
  });

  it("says 'No deals yet' when the athlete has accepted nothing", () => {
    const html = render(<NilDisclosures />, { data: [] });
    expect(html).toContain('No deals yet');
    expect(html).not.toContain('Download packet');
  });

  it('lists flagged deals first with payor, service, amount, agreed day, countdown and state, then the others compactly', () => {
    const html = render(<NilDisclosureList disclosures={DEALS} now={TUESDAY} />);
    // Flagged, to report, nearest first (the overdue one), then reported; then the fan's small deal.
    const order = ['Late Inc', 'Acme Co.', 'Bolt LLC', 'Jordan P.'].map((name) => html.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('aria-label="Deals to report"');
    expect(html).toContain('Report by Fri, Dec 4 · 3 business days left');
    expect(html).toContain('<dd>Fri, Nov 27, 2026</dd>');
    // The report-by day is in the countdown while the deal is to report, among the facts once reported.
    expect(html).not.toContain('<dd>Fri, Dec 4, 2026</dd>');
    expect(html).toContain('<dd>Thu, Dec 3, 2026</dd>');
    expect(html).toContain('$650.00');
    expect(html).toContain('<dd>Endorsement</dd>');
    // Nov 20 (Fri) to Tue Dec 1: 6 business days late (Thanksgiving skipped), in the danger colour, the card outlined.
    expect(html).toContain('<span class="nil-chip nil-chip--overdue">6 business days overdue</span>');
    expect(html).toContain('nil-deal nil-deal--overdue');
    expect(html).toContain('<span class="nil-chip">To report</span>');
    expect(html).toContain('<span class="nil-chip nil-chip--done">Reported Dec 2 · Cleared</span>');
    expect(html.match(/>Download packet</g)).toHaveLength(3);
    expect(html.match(/>Mark reported</g)).toHaveLength(2);
    expect(html).toContain('>Change report<');
    // A reported deal has no countdown any more.
    expect(html).not.toContain('Report by Thu, Dec 3');
    expect(html).toContain('Other deals');
    expect(html).toContain('Jordan P. · Video shoutout · Fri, Nov 27, 2026');
    expect(html).toContain('Under $600 from this payor so far');
  });

  it("says 'Due today' on the report-by day, and marks a refunded deal", () => {
    const html = render(<NilDisclosureList disclosures={[deal({ report_by: '2026-12-01' }), deal({ id: 'void', flagged: false, void: true, report_by: null })]} now={TUESDAY} />);
    expect(html).toContain('<span class="nil-chip nil-chip--today">Due today</span>');
    expect(html).toContain('Refunded: not counted toward this payor’s total');
  });

  it('with only small deals, lists them as the athlete’s deals and nothing to report', () => {
    const html = render(<NilDisclosureList disclosures={[DEALS[0]!]} now={TUESDAY} />);
    expect(html).toContain('Your deals');
    expect(html).not.toContain('Deals to report');
    expect(html).not.toContain('Mark reported');
  });
});
