import {
  NIL_GO_STATUS_LABELS,
  isIsoDay,
  nilBusinessDaysLeft,
  nilDay,
  nilDisclosureDueNotification,
  nilObligations,
  nilPacketFields,
  nilPacketFilename,
  nilReportBy,
  usFederalHolidays,
  type NilPacketSource,
} from './nil';

const at = (iso: string) => new Date(iso);

describe('US federal holidays (5 U.S.C. 6103), as OPM lists the days off', () => {
  it('2025', () => {
    // opm.gov/policy-data-oversight/pay-leave/federal-holidays/#url=2025
    expect(usFederalHolidays(2025)).toEqual([
      '2025-01-01', // Wednesday, New Year's Day
      '2025-01-20', // Monday, Martin Luther King Jr. Day
      '2025-02-17', // Monday, Washington's Birthday
      '2025-05-26', // Monday, Memorial Day
      '2025-06-19', // Thursday, Juneteenth
      '2025-07-04', // Friday, Independence Day
      '2025-09-01', // Monday, Labor Day
      '2025-10-13', // Monday, Columbus Day
      '2025-11-11', // Tuesday, Veterans Day
      '2025-11-27', // Thursday, Thanksgiving Day
      '2025-12-25', // Thursday, Christmas Day
    ]);
  });

  it('2026: Independence Day on a Saturday is observed Friday, July 3', () => {
    expect(usFederalHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it("2027: Juneteenth and Christmas on Saturdays move to Fridays, July 4 on a Sunday to Monday, and 2028's New Year's Day to Friday, December 31", () => {
    expect(usFederalHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-24',
      '2027-12-31',
    ]);
    // ...so 2028 lists ten days: its New Year's Day off was in 2027.
    expect(usFederalHolidays(2028)).toHaveLength(10);
    expect(usFederalHolidays(2028)[0]).toBe('2028-01-17');
  });

  it('hands out a copy, so a caller cannot change the rule', () => {
    usFederalHolidays(2026).push('2026-12-26');
    expect(usFederalHolidays(2026)).not.toContain('2026-12-26');
  });
});

describe('report by: the 5th business day after the day the deal was agreed (New York)', () => {
  it('counts Monday to Friday on a plain week, and skips a weekend', () => {
    // Monday 12 Jan 2026, noon in New York: Tue 13 .. Mon 19 is MLK day, so Tue 13, Wed, Thu, Fri, Tue 20.
    expect(nilReportBy(at('2026-01-12T17:00:00Z'))).toBe('2026-01-20');
    // Thursday 8 Jan 2026: Fri 9, (weekend), Mon 12, Tue 13, Wed 14, Thu 15.
    expect(nilReportBy(at('2026-01-08T15:00:00Z'))).toBe('2026-01-15');
    // Agreed on a Saturday: the count starts on Monday.
    expect(nilReportBy(at('2026-03-07T15:00:00Z'))).toBe('2026-03-13');
  });

  it('skips Thanksgiving', () => {
    // Monday 23 Nov 2026: Tue 24, Wed 25, (Thanksgiving Thu 26), Fri 27, Mon 30, Tue 1 Dec.
    expect(nilReportBy(at('2026-11-23T15:00:00Z'))).toBe('2026-12-01');
    // Agreed on Thanksgiving itself: Fri 27, Mon 30, Tue 1, Wed 2, Thu 3.
    expect(nilReportBy(at('2026-11-26T15:00:00Z'))).toBe('2026-12-03');
  });

  it('skips Christmas and New Year into the next year', () => {
    // Thursday 24 Dec 2026: (Christmas Fri 25), Mon 28, Tue 29, Wed 30, Thu 31, (New Year Fri 1), Mon 4 Jan 2027.
    expect(nilReportBy(at('2026-12-24T15:00:00Z'))).toBe('2027-01-04');
    // Thursday 23 Dec 2027: (Christmas observed Fri 24), Mon 27 .. Thu 30, (New Year 2028 observed Fri 31), Mon 3 Jan 2028.
    expect(nilReportBy(at('2027-12-23T15:00:00Z'))).toBe('2028-01-03');
  });

  it("takes New York's calendar day: late evening in California is already tomorrow there", () => {
    // 10:30 PM Thursday 26 Nov 2026 in Los Angeles = 1:30 AM Friday 27 Nov in New York.
    const lateInCalifornia = at('2026-11-27T06:30:00Z');
    expect(lateInCalifornia.toLocaleDateString('en-US', { timeZone: 'America/Los_Angeles', day: 'numeric' })).toBe('26');
    expect(nilDay(lateInCalifornia)).toBe('2026-11-27');
    expect(nilReportBy(lateInCalifornia)).toBe('2026-12-04');
    // The same evening an hour earlier in New York (11:30 PM Thursday) is still Thanksgiving there.
    expect(nilReportBy(at('2026-11-27T04:30:00Z'))).toBe('2026-12-03');
  });
});

describe('business days left to report', () => {
  const due = '2026-12-04'; // Friday

  it('is 0 on the day itself, all day long in New York', () => {
    expect(nilBusinessDaysLeft(due, at('2026-12-04T05:01:00Z'))).toBe(0); // 00:01 in New York
    expect(nilBusinessDaysLeft(due, at('2026-12-05T04:59:00Z'))).toBe(0); // 23:59 in New York
  });

  it('counts the business days still to come after today, so a weekend or holiday changes nothing', () => {
    expect(nilBusinessDaysLeft(due, at('2026-12-03T15:00:00Z'))).toBe(1);
    expect(nilBusinessDaysLeft(due, at('2026-11-30T15:00:00Z'))).toBe(4);
    expect(nilBusinessDaysLeft(due, at('2026-11-28T15:00:00Z'))).toBe(5); // Saturday: Mon-Fri still to come, as on the Friday before
    expect(nilBusinessDaysLeft(due, at('2026-11-27T15:00:00Z'))).toBe(5);
    // Thanksgiving is not a business day: Friday the 27th and the five of the next week are to come.
    expect(nilBusinessDaysLeft(due, at('2026-11-26T15:00:00Z'))).toBe(6);
    // The Saturday and Sunday before a Monday deadline: one business day left, not 'Due today'.
    expect(nilBusinessDaysLeft('2026-12-07', at('2026-12-05T15:00:00Z'))).toBe(1);
    expect(nilBusinessDaysLeft('2026-12-07', at('2026-12-06T15:00:00Z'))).toBe(1);
  });

  it('is negative once overdue', () => {
    expect(nilBusinessDaysLeft(due, at('2026-12-05T15:00:00Z'))).toBe(-1); // Saturday after: overdue
    expect(nilBusinessDaysLeft(due, at('2026-12-07T15:00:00Z'))).toBe(-1);
    expect(nilBusinessDaysLeft(due, at('2026-12-08T15:00:00Z'))).toBe(-2);
  });

  it('never returns -0', () => {
    expect(Object.is(nilBusinessDaysLeft(due, at('2026-12-04T15:00:00Z')), 0)).toBe(true);
  });
});

describe('the disclosure packet', () => {
  const deal: NilPacketSource = {
    athlete_name: 'Jordan Miles',
    request_type: 'endorsement_campaign',
    payor: { kind: 'business', name: 'Acme Co.', company: { name: 'Acme Co.', email: 'nil@acme.test', website: null } },
    amount: 650,
    platform_fee: 130,
    athlete_net: 520,
    agreed_at: '2026-11-27T06:30:00.000Z',
    obligations: 'Endorsement campaign "Fall": one video',
    payor_total: 1250.5,
    flagged: true,
    report_by: '2026-12-04',
  };

  it('lists the fields NIL Go asks for, in order', () => {
    expect(nilPacketFields(deal)).toEqual([
      { label: 'Athlete', value: 'Jordan Miles' },
      { label: 'Payor', value: 'Acme Co. (business)' },
      { label: 'Payor contact email', value: 'nil@acme.test' },
      { label: 'Payor website', value: 'Not given' },
      { label: 'Service', value: 'Endorsement campaign' },
      { label: 'Compensation', value: '$650.00' },
      { label: 'Platform fee (Huddle)', value: '$130.00' },
      { label: "Athlete's net", value: '$520.00' },
      { label: 'Date agreed', value: 'Fri, Nov 27, 2026, 1:30 AM ET' },
      { label: 'Obligations', value: 'Endorsement campaign "Fall": one video' },
      { label: 'Total from this payor (with this deal)', value: '$1,250.50' },
      { label: 'Report by', value: 'Fri, Dec 4, 2026' },
    ]);
  });

  it('names a fan as an individual and says when no report is needed', () => {
    const fields = nilPacketFields({ ...deal, payor: { kind: 'fan', name: 'Riley P.', company: null }, flagged: false, report_by: null, payor_total: 20 });
    expect(fields[1]).toEqual({ label: 'Payor', value: 'Riley P. (individual)' });
    expect(fields.map((field) => field.label)).not.toContain('Payor contact email');
    expect(fields.at(-1)).toEqual({ label: 'Report by', value: 'Not required (under $600.00 from this payor)' });
  });

  it("adds the business's address when its profile has one", () => {
    const fields = nilPacketFields({ ...deal, payor: { kind: 'business', name: 'Acme Co.', company: { name: 'Acme Co.', email: null, website: 'https://acme.test', address: '1 Main St, Austin, TX' } } });
    expect(fields.slice(1, 5)).toEqual([
      { label: 'Payor', value: 'Acme Co. (business)' },
      { label: 'Payor contact email', value: 'Not given' },
      { label: 'Payor website', value: 'https://acme.test' },
      { label: 'Payor address', value: '1 Main St, Austin, TX' },
    ]);
  });

  it("writes the request's details as the obligations, under their form labels", () => {
    const start = Date.parse('2026-12-10T23:00:00Z') / 1000;
    expect(
      nilObligations({
        type: 'camp',
        name: 'Winter camp',
        details: { special_conditions: '', duration: 3, start_time: start, location: { address: 'Austin, TX', latitude: 1, longitude: 2 }, event_description: 'Youth camp' },
        socialPlatforms: 'Instagram',
      }),
    ).toBe(['Camp: "Winter camp"', 'Starts: Thu, Dec 10, 2026, 6:00 PM ET', 'Duration: 3 hours', 'Location: Austin, TX', 'Event: Youth camp', 'Post on: Instagram'].join('\n'));
    expect(nilObligations({ type: 'endorsement', name: 'Fall', details: { link: 'https://acme.test', task: 'One reel' }, campaignName: 'Fall launch' })).toBe(
      ['Endorsement campaign: "Fall"', 'Campaign: "Fall launch"', 'Task: One reel', 'Link: https://acme.test'].join('\n'),
    );
  });

  it("names the file by New York's agreed day and the payor", () => {
    expect(nilPacketFilename(at('2026-11-27T06:30:00Z'), 'Acme Co.')).toBe('huddle-nil-disclosure-2026-11-27-acme-co.pdf');
    expect(nilPacketFilename(at('2026-11-27T03:00:00Z'), '¡Café Ñ!')).toBe('huddle-nil-disclosure-2026-11-26-cafe-n.pdf');
    expect(nilPacketFilename(at('2026-11-27T15:00:00Z'), '***')).toBe('huddle-nil-disclosure-2026-11-27-payor.pdf');
  });

  it('tells the athlete whom to report and by when', () => {
    expect(nilDisclosureDueNotification({ athleteId: 'a1', payorName: 'Acme Co.', reportBy: '2026-12-04' })).toEqual({
      userId: 'a1',
      data: { title: 'Report your NIL deal', text: 'Report your deal with Acme Co. to NIL Go by Fri, Dec 4.', link: '/locker-room' },
      email: true,
    });
  });

  it('labels the NIL Go statuses and checks days', () => {
    expect(NIL_GO_STATUS_LABELS).toEqual({ cleared: 'Cleared', flagged: 'Flagged', not_cleared: 'Not cleared' });
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-2-3')).toBe(false);
  });
});
