import { dashboardHref, normaliseFilter, pageOf, parseDashboardQuery, withDashboardQuery } from './dashboard-query';

describe('dashboard URL state', () => {
  it('reads field, filter and page from the query string', () => {
    expect(parseDashboardQuery('?field=sport&filter=bask&page=3')).toEqual({ field: 'sport', filter: 'bask', page: 3 });
    expect(parseDashboardQuery('field=school&filter=Duke')).toEqual({ field: 'school', filter: 'Duke', page: 1 });
  });

  it('falls back to name, no filter and the first page', () => {
    expect(parseDashboardQuery('')).toEqual({ field: 'name', filter: '', page: 1 });
    expect(parseDashboardQuery('?field=height&page=-2')).toEqual({ field: 'name', filter: '', page: 1 });
  });

  it('decodes the filter and tidies its spaces', () => {
    expect(parseDashboardQuery('?filter=%20jor%20%20mil%20')).toEqual({ field: 'name', filter: 'jor mil', page: 1 });
    expect(parseDashboardQuery('?filter=Texas+A%26M&field=school').filter).toBe('Texas A&M');
  });

  it('accepts only positive whole page numbers', () => {
    expect(pageOf('2')).toBe(2);
    expect(pageOf('0')).toBe(1);
    expect(pageOf('1.5')).toBe(1);
    expect(pageOf('abc')).toBe(1);
    expect(pageOf('99999999999999999999')).toBe(1);
    expect(pageOf(null)).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(withDashboardQuery('', { field: 'name', filter: '', page: 1 })).toBe('');
    expect(withDashboardQuery('', { field: 'sport', filter: 'bask', page: 1 })).toBe('?field=sport&filter=bask');
    expect(withDashboardQuery('?field=sport&filter=bask', { field: 'sport', filter: 'bask', page: 2 })).toBe('?field=sport&filter=bask&page=2');
    expect(withDashboardQuery('?field=sport&filter=bask&page=2', { field: 'name', filter: '', page: 1 })).toBe('');
  });

  it('keeps parameters the dashboard does not own', () => {
    expect(withDashboardQuery('?utm_source=mail&page=4', { field: 'school', filter: 'Duke', page: 1 })).toBe(
      '?utm_source=mail&field=school&filter=Duke',
    );
  });

  it('round-trips: what it writes reads back the same', () => {
    const query = { field: 'school' as const, filter: 'Texas A&M', page: 7 };
    expect(parseDashboardQuery(withDashboardQuery('', query))).toEqual(query);
    expect(dashboardHref('', query)).toBe('/dashboard?field=school&filter=Texas+A%26M&page=7');
  });

  it('cuts a pasted essay to a searchable length', () => {
    expect(normaliseFilter('x'.repeat(500))).toHaveLength(100);
  });
});
