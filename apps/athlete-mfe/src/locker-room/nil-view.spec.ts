/// <reference types="node" />
// The spec reads the stylesheet the browser gets, so the contrast checked is the one shipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NilDisclosure } from './nil-api';
import { nilCountdown, nilStateLabel, NIL_GO_STATUS_OPTIONS, NIL_RULE_TEXT, reportedOnBounds, reportedOnProblem, shortDay, splitDisclosures } from './nil-view';

/** Noon in New York (17:00 UTC in winter) of a day: NIL Go's clock. */
const noonNy = (iso: string) => new Date(`${iso}T17:00:00Z`);

function deal(changes: Partial<NilDisclosure>): NilDisclosure {
  return {
    id: 'd',
    request_id: 'r',
    request_type: 'endorsement',
    payor: { kind: 'business', name: 'Acme Co.', company: { name: 'Acme Co.', email: 'deals@acme.test', website: null, address: null } },
    amount: 700,
    platform_fee: 140,
    athlete_net: 560,
    agreed_at: '2026-11-27T15:00:00.000Z',
    obligations: 'One post',
    payor_total: 700,
    flagged: true,
    report_by: '2026-12-04',
    business_days_left: 5,
    reported_on: null,
    nil_go_status: null,
    void: false,
    packet_filename: 'huddle-nil-disclosure-2026-11-27-acme-co.pdf',
    ...changes,
  };
}

describe('NIL countdown (report-by on NIL Go’s clock)', () => {
  it('counts business days to the report-by date: 3 left on the Tuesday before a Friday deadline', () => {
    expect(nilCountdown('2026-12-04', noonNy('2026-12-01'))).toEqual({ text: 'Report by Fri, Dec 4 · 3 business days left', tone: 'due' });
    expect(nilCountdown('2026-12-04', noonNy('2026-12-03'))).toEqual({ text: 'Report by Fri, Dec 4 · 1 business day left', tone: 'due' });
  });

  it('skips the weekend and Thanksgiving: agreed the day before, Fri Nov 27 to Thu Dec 3 is 5 business days', () => {
    expect(nilCountdown('2026-12-03', noonNy('2026-11-25'))).toEqual({ text: 'Report by Thu, Dec 3 · 5 business days left', tone: 'due' });
    expect(nilCountdown('2026-12-03', noonNy('2026-11-27')).text).toBe('Report by Thu, Dec 3 · 4 business days left');
  });

  it("says 'Due today' on the day, and counts overdue business days after it in the danger tone", () => {
    expect(nilCountdown('2026-12-04', noonNy('2026-12-04'))).toEqual({ text: 'Due today', tone: 'today' });
    expect(nilCountdown('2026-12-04', noonNy('2026-12-07'))).toEqual({ text: '1 business day overdue', tone: 'overdue' });
    expect(nilCountdown('2026-12-04', noonNy('2026-12-08'))).toEqual({ text: '2 business days overdue', tone: 'overdue' });
  });

  it("uses New York's day, not the browser's: 11:30 PM in Los Angeles on Dec 3 is already Dec 4 in New York", () => {
    expect(nilCountdown('2026-12-04', new Date('2026-12-04T07:30:00Z')).text).toBe('Due today');
  });
});

describe('NIL deal state and lists', () => {
  it("reads 'To report' until reported, then the day and the NIL Go status when given", () => {
    expect(nilStateLabel(deal({}))).toBe('To report');
    expect(nilStateLabel(deal({ reported_on: '2026-12-02', nil_go_status: 'cleared' }))).toBe('Reported Dec 2 · Cleared');
    expect(nilStateLabel(deal({ reported_on: '2026-12-02', nil_go_status: 'not_cleared' }))).toBe('Reported Dec 2 · Not cleared');
    expect(nilStateLabel(deal({ reported_on: '2027-01-01' }))).toBe('Reported Jan 1');
    expect(shortDay('2026-12-31')).toBe('Dec 31');
  });

  it('lists flagged deals first (to report, nearest date first, then reported) and the others after, in the API order', () => {
    const list = [
      deal({ id: 'small-new', flagged: false, report_by: null, agreed_at: '2026-11-27T10:00:00Z' }),
      deal({ id: 'reported', reported_on: '2026-11-20', report_by: '2026-11-24' }),
      deal({ id: 'later', report_by: '2026-12-08' }),
      deal({ id: 'sooner', report_by: '2026-12-03' }),
      deal({ id: 'small-old', flagged: false, report_by: null, agreed_at: '2026-11-01T10:00:00Z' }),
    ];
    const { flagged, others } = splitDisclosures(list);
    expect(flagged.map((d) => d.id)).toEqual(['sooner', 'later', 'reported']);
    expect(others.map((d) => d.id)).toEqual(['small-new', 'small-old']);
  });

  it('bounds the reported day by the agreed day and today, both in New York', () => {
    // Agreed at 10 PM Pacific on Nov 26 = Nov 27 in New York.
    const bounds = reportedOnBounds('2026-11-27T06:00:00Z', noonNy('2026-12-02'));
    expect(bounds).toEqual({ min: '2026-11-27', max: '2026-12-02' });
    expect(reportedOnProblem('2026-12-02', bounds)).toBeNull();
    expect(reportedOnProblem('2026-11-27', bounds)).toBeNull();
    expect(reportedOnProblem('2026-11-26', bounds)).toBe('The deal was agreed on Nov 27: choose that day or later.');
    expect(reportedOnProblem('2026-12-03', bounds)).toBe('Choose today or an earlier day.');
    expect(reportedOnProblem('', bounds)).toBe('Choose the day you reported the deal.');
  });

  it('offers the NIL Go statuses in the domain’s order, none chosen by default, and states the rule with $600 and 5 business days', () => {
    expect(NIL_GO_STATUS_OPTIONS.map((option) => option.label)).toEqual(['Not known yet', 'Cleared', 'Flagged', 'Not cleared']);
    expect(NIL_GO_STATUS_OPTIONS[0]!.value).toBe('');
    expect(NIL_RULE_TEXT).toContain('$600');
    expect(NIL_RULE_TEXT).toContain('5 business days');
    // Every date on the screen is New York's (NIL_ZONE): an athlete in California is told so.
    expect(NIL_RULE_TEXT).toContain('Days here are in New York time (Eastern)');
  });
});

describe('NIL colours', () => {
  const css = readFileSync(join(__dirname, 'nil.css'), 'utf8');
  const colour = (name: string): string => {
    const match = css.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i'));
    if (!match) throw new Error(`--${name} is not in nil.css`);
    return match[1]!;
  };
  /** WCAG 2 relative luminance and contrast ratio. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };

  it('writes an overdue or due-today countdown in a red that reads at 4.5:1 or more on its tint and on the card', () => {
    expect(contrast(colour('nil-danger'), colour('nil-danger-bg'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour('nil-danger'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour('nil-due'), colour('nil-due-bg'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour('nil-done'), colour('nil-done-bg'))).toBeGreaterThanOrEqual(4.5);
    // The product's own --hd-danger (#cf3f3f) would not: 4.2:1 on the tint.
    expect(contrast('#cf3f3f', '#fdeeee')).toBeLessThan(4.5);
  });
});
