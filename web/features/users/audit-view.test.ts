import {
  auditFilterQuery,
  auditParams,
  auditViewFromParams,
  datesProblem,
  FROM_AFTER_TO,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  pageSummary,
} from './audit-view';

const view = (query: string) => auditViewFromParams(new URLSearchParams(query));

describe('the audit view in the address', () => {
  it('reads every filter and the page', () => {
    expect(
      view(
        'audit_user=drlee&audit_action=patient_lookup&audit_from=2026-03-01&audit_to=2026-03-31&audit_page=3',
      ),
    ).toEqual({ user: 'drlee', action: 'patient_lookup', from: '2026-03-01', to: '2026-03-31', page: 3 });
  });

  it('leaves out what it cannot use', () => {
    expect(view('audit_action=nonsense&audit_from=2026-02-30&audit_to=03/01/2026&audit_page=-2')).toEqual({
      ...NO_AUDIT_FILTERS,
      page: 1,
    });
    expect(view('audit_page=2.5').page).toBe(1);
    expect(view('').page).toBe(1);
  });

  it('writes only what narrows the view, and page 1 as no page', () => {
    expect(auditParams({ ...NO_AUDIT_FILTERS, page: 1 })).toEqual({
      audit_user: null,
      audit_action: null,
      audit_from: null,
      audit_to: null,
      audit_page: null,
    });
    expect(auditParams({ user: 'x', action: 'login', from: '2026-01-01', to: '', page: 2 })).toEqual({
      audit_user: 'x',
      audit_action: 'login',
      audit_from: '2026-01-01',
      audit_to: null,
      audit_page: 2,
    });
  });

  it('makes the server query from the filters', () => {
    expect(auditFilterQuery(NO_AUDIT_FILTERS)).toEqual({
      user: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
    });
    expect(auditFilterQuery({ user: 'a', action: 'export', from: '', to: '2026-01-02' })).toEqual({
      user: 'a',
      action: 'export',
      from: undefined,
      to: '2026-01-02',
    });
  });

  it('knows when filters are set and when the dates are the wrong way round', () => {
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false);
    expect(hasAuditFilters({ ...NO_AUDIT_FILTERS, to: '2026-01-01' })).toBe(true);
    expect(datesProblem({ ...NO_AUDIT_FILTERS, from: '2026-01-02', to: '2026-01-01' })).toBe(FROM_AFTER_TO);
    expect(datesProblem({ ...NO_AUDIT_FILTERS, from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(datesProblem({ ...NO_AUDIT_FILTERS, from: '2026-01-02' })).toBeNull();
  });

  it('sums up the page', () => {
    expect(pageSummary(2, 7, 312)).toBe('Page 2 of 7 (312 events)');
    expect(pageSummary(1, 1, 1)).toBe('Page 1 of 1 (1 event)');
    expect(pageSummary(1, 0, 0)).toBe('Page 1 of 1 (0 events)');
    expect(pageSummary(1, 30, 1500)).toBe('Page 1 of 30 (1,500 events)');
  });
});
