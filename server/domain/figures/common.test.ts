import {
  buildMonthGrid,
  compareText,
  ignoredKeys,
  isCancelledStatus,
  matchesProvider,
  parseMonthParam,
  providerFilter,
  sortDetails,
} from './common';

describe('providerFilter', () => {
  it('treats absent, empty, all and All Providers as every provider', () => {
    for (const raw of [null, undefined, '', '  ', 'all', 'ALL', 'All Providers', ' all  providers ']) {
      expect(providerFilter(raw)).toBeNull();
    }
    expect(providerFilter('  Dr   Adams ')).toBe('Dr Adams');
    expect(matchesProvider(null, 'anyone')).toBe(true);
    expect(matchesProvider('Dr Adams', 'Dr Adams')).toBe(true);
    // Provider names compare exactly.
    expect(matchesProvider('dr adams', 'Dr Adams')).toBe(false);
  });
});

describe('helpers', () => {
  it('detects cancelled statuses', () => {
    for (const s of ['Cancelled', 'CANCELED', 'Broken appt', 'No Show', 'no-show'])
      expect(isCancelledStatus(s)).toBe(true);
    for (const s of ['Scheduled', 'Confirmed', 'Shown']) expect(isCancelledStatus(s)).toBe(false);
  });

  it('sorts text case-insensitively, stably on case-only differences', () => {
    expect(['b', 'C', 'a', 'A'].sort(compareText)).toEqual(['A', 'a', 'b', 'C']);
  });

  it('sorts details by date, nulls last, then name', () => {
    const rows = [
      { patient_name: 'zed', d: null },
      { patient_name: 'Bee', d: '2025-01-02' },
      { patient_name: 'amy', d: null },
      { patient_name: 'cat', d: '2025-01-01' },
      { patient_name: 'Abe', d: '2025-01-02' },
    ];
    expect(sortDetails(rows, (r) => r.d).map((r) => r.patient_name)).toEqual([
      'cat',
      'Abe',
      'Bee',
      'amy',
      'zed',
    ]);
  });

  it('reads ignore entries of one year', () => {
    const ignore = [
      { patient_key: 'a', year_code: '2025' },
      { patient_key: 'b', year_code: ' 2026' },
    ];
    expect([...ignoredKeys(ignore, 2025)]).toEqual(['a']);
    expect([...ignoredKeys(ignore, 2026)]).toEqual(['b']);
  });

  it('parses month parameters', () => {
    expect(parseMonthParam('2025-03')).toBe('2025-03');
    expect(parseMonthParam('3', 2025)).toBe('2025-03');
    expect(parseMonthParam('12', 2025)).toBe('2025-12');
    expect(parseMonthParam('13', 2025)).toBeNull();
    expect(parseMonthParam('3')).toBeNull();
    expect(parseMonthParam('2025-13')).toBeNull();
  });

  it('builds grids in cents with every month in every row', () => {
    const g = buildMonthGrid(
      ['2025-01', '2025-02'],
      [
        { provider: 'B', month: '2025-01', value: 0.1 },
        { provider: 'a', month: '2025-01', value: 0.2 },
        { provider: 'B', month: '2025-01', value: 0.2 },
      ],
    );
    expect(g.providers).toEqual([
      { provider: 'a', '2025-01': 0.2, '2025-02': 0, total: 0.2 },
      { provider: 'B', '2025-01': 0.3, '2025-02': 0, total: 0.3 },
    ]);
    expect(g.month_totals).toEqual({ '2025-01': 0.5, '2025-02': 0 });
    expect(g.grand_total).toBe(0.5);
  });
});
