import {
  buildMonthGrid,
  compareText,
  heldProvider,
  ignoredKeys,
  isCancelledStatus,
  matchesProvider,
  NO_PROVIDER,
  parseMonthParam,
  providerFilter,
  providerLabel,
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

  it('keeps NO_PROVIDER, which matches no provider name the data can hold', () => {
    expect(providerFilter(NO_PROVIDER)).toBe(NO_PROVIDER);
    // Names in the data are trimmed on import, so none starts with a space.
    expect(matchesProvider(NO_PROVIDER, NO_PROVIDER.trim())).toBe(false);
    expect(providerLabel(NO_PROVIDER)).toBe('No provider name');
    expect(providerLabel(null)).toBe('All Providers');
    expect(providerLabel('Dr Adams')).toBe('Dr Adams');
  });
});

describe('heldProvider', () => {
  const provider = (provider_name: string | null) => ({ role: 'provider', provider_name });

  it('holds a provider to their own name only while the setting is on', () => {
    expect(heldProvider(provider(' Dr  Adams '), true)).toBe('Dr Adams');
    expect(heldProvider(provider('Dr Adams'), false)).toBeNull();
  });

  it('never holds managers or admins', () => {
    for (const role of ['manager', 'admin']) {
      expect(heldProvider({ role, provider_name: 'Dr Adams' }, true)).toBeNull();
      expect(heldProvider({ role, provider_name: null }, true)).toBeNull();
    }
  });

  it('holds a provider with no name, or one that reads as every provider, to nobody', () => {
    for (const name of [null, '', '  ', 'all', 'All Providers']) {
      expect(heldProvider(provider(name), true)).toBe(NO_PROVIDER);
    }
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
