/** Goals (docs/behaviour.md section 16): the configured goals, who may change them, and the panel. */
import { GOALS_EVERY_LOCATION } from '../../common/api/goals';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { findRow, readBack, rowValues, sheet } from '../test/read-back';
import { upload } from '../test/upload';

/*
 * 2026, Dr Adams: consults Ann (Jan, won), Ben (Mar, won), Cal (May); $29,990 of arch value by
 * March, as the default mapping values price the two accepted arches. Dr Baker: Dot (Feb). Two offices, so a location can be chosen.
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location
Ann Adamson,1/5/2026,D0150,Dr Adams,Main Street
Ann Adamson,1/10/2026,FA-ACC-MAX,Dr Adams,Main Street
Ben Benson,3/1/2026,D0150,Dr Adams,Main Street
Ben Benson,3/2/2026,FA-ACC-MAX,Dr Adams,Main Street
Cal Carlson,5/1/2026,D0150,Dr Adams,Main Street
Dot Dawson,2/1/2026,D0150,Dr Baker,Lakeside
`;

const each = (n: number) => Array<number>(12).fill(n);

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;

const call = (token: string, url: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const put = (token: string, payload: unknown) => call(token, '/api/config/goals', 'PUT', payload);
const goalsOf = async (year: number) => (await call(admin, `/api/config/goals?year=${year}`)).json();
const auditCount = async () =>
  Number(
    (await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE action = 'goals_changed'`))[0]
      .n,
  );

const SAVED = [
  { provider: 'Dr Baker', metric: 'consults', months: each(1) },
  { provider: 'Dr Adams', metric: 'arch_value', months: each(12000.25) },
  { provider: 'Dr Adams', metric: 'consults', months: each(1) },
  { provider: 'Dr Adams', metric: 'won', months: each(1) },
];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
  await t.createUser('g-manager', 'manager', 'manager-pass');
  manager = await t.login('g-manager', 'manager-pass');
  await t.createUser('g-provider', 'provider', 'provider-pass');
  provider = await t.login('g-provider', 'provider-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET and PUT /api/config/goals', () => {
  it('answers an empty year before any goal is set, for every role', async () => {
    for (const token of [admin, manager, provider]) {
      const res = await call(token, '/api/config/goals?year=2026');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, year: 2026, goals: [] });
    }
  });

  it('replaces the year’s goals, sorted by provider then metric, names tidied and money to the cent', async () => {
    const res = await put(manager, {
      year: 2026,
      goals: [
        ...SAVED.slice(0, 1),
        { provider: '  Dr   Adams ', metric: 'arch_value', months: each(10000.004) },
        ...SAVED.slice(2),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      success: true,
      year: 2026,
      goals: [
        { provider: 'Dr Adams', metric: 'consults', months: each(1) },
        { provider: 'Dr Adams', metric: 'won', months: each(1) },
        { provider: 'Dr Adams', metric: 'arch_value', months: each(10000) },
        { provider: 'Dr Baker', metric: 'consults', months: each(1) },
      ],
    };
    expect(res.json()).toEqual(expected);
    expect(await goalsOf(2026)).toEqual(expected);
    // Other years are untouched.
    expect((await goalsOf(2025)).goals).toEqual([]);
  });

  it('keeps each year apart: saving one leaves another as it was, and an empty list removes a year’s goals', async () => {
    expect((await put(admin, { year: 2025, goals: [SAVED[0]] })).statusCode).toBe(200);
    expect((await goalsOf(2025)).goals).toEqual([SAVED[0]]);
    expect((await goalsOf(2026)).goals).toHaveLength(4);
    const cleared = await put(admin, { year: 2025, goals: [] });
    expect(cleared.json()).toEqual({ success: true, year: 2025, goals: [] });
    expect((await goalsOf(2026)).goals).toHaveLength(4);
  });

  it('refuses a provider with 403, changing nothing', async () => {
    const before = await goalsOf(2026);
    const res = await put(provider, { year: 2026, goals: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'Only managers and admins can change data or configuration',
      code: 'forbidden',
    });
    expect(await goalsOf(2026)).toEqual(before);
  });

  it.each([
    ['no year', 'year', 'missing_field', { goals: [] }, 'year must be a year from 2000 to 2100'],
    [
      'a year too early',
      'year',
      'invalid_field',
      { year: 1999, goals: [] },
      'year must be a year from 2000 to 2100',
    ],
    [
      'a year too late',
      'year',
      'invalid_field',
      { year: 2101, goals: [] },
      'year must be a year from 2000 to 2100',
    ],
    [
      'a year with a fraction',
      'year',
      'invalid_field',
      { year: 2026.5, goals: [] },
      'year must be a year from 2000 to 2100',
    ],
    ['no goals', 'goals', 'missing_field', { year: 2026 }, 'goals must be a list'],
    ['goals not a list', 'goals', 'invalid_field', { year: 2026, goals: 'all' }, 'goals must be a list'],
    [
      'a goal that is no object',
      'goals.0',
      'invalid_field',
      { year: 2026, goals: [7] },
      'Goal 1: must be {provider, metric, months}',
    ],
    [
      'a blank provider',
      'goals.0.provider',
      'invalid_field',
      { year: 2026, goals: [{ provider: '   ', metric: 'won', months: each(1) }] },
      'Goal 1 (Cases won): provider is required',
    ],
    [
      'a provider name too long',
      'goals.0.provider',
      'invalid_field',
      { year: 2026, goals: [{ provider: 'D'.repeat(201), metric: 'won', months: each(1) }] },
      `Goal 1 (${'D'.repeat(201)}, Cases won): provider must be at most 200 characters`,
    ],
    [
      'an unknown metric',
      'goals.0.metric',
      'invalid_field',
      { year: 2026, goals: [{ provider: 'Dr A', metric: 'revenue', months: each(1) }] },
      'Goal 1 (Dr A): metric must be one of consults, won, arch_value',
    ],
    [
      'eleven months',
      'goals.0.months',
      'invalid_field',
      { year: 2026, goals: [{ provider: 'Dr A', metric: 'won', months: each(1).slice(1) }] },
      'Goal 1 (Dr A, Cases won): months must be a list of 12 amounts, January first',
    ],
    [
      'a negative month',
      'goals.0.months.2',
      'invalid_field',
      {
        year: 2026,
        goals: [{ provider: 'Dr A', metric: 'consults', months: [1, 1, -1, ...each(1).slice(3)] }],
      },
      'Goal 1 (Dr A, Consults): March must be 0 or more',
    ],
    [
      'a fraction of a consult',
      'goals.0.months.0',
      'invalid_field',
      { year: 2026, goals: [{ provider: 'Dr A', metric: 'consults', months: [1.5, ...each(1).slice(1)] }] },
      'Goal 1 (Dr A, Consults): January must be a whole number',
    ],
    [
      'a month as text',
      'goals.0.months.0',
      'invalid_field',
      {
        year: 2026,
        goals: [{ provider: 'Dr A', metric: 'arch_value', months: ['5000', ...each(1).slice(1)] }],
      },
      'Goal 1 (Dr A, Arch value): January must be a number',
    ],
    [
      'an amount too large',
      'goals.0.months.11',
      'invalid_field',
      {
        year: 2026,
        goals: [{ provider: 'Dr A', metric: 'arch_value', months: [...each(1).slice(1), 1e12] }],
      },
      'Goal 1 (Dr A, Arch value): December must be at most 999,999,999',
    ],
    [
      'a second goal for one provider and metric',
      'goals.1',
      'invalid_field',
      {
        year: 2026,
        goals: [
          { provider: 'Dr A', metric: 'won', months: each(1) },
          { provider: 'Dr  A ', metric: 'won', months: each(2) },
        ],
      },
      'Goal 2 (Dr A, Cases won): Dr A has a second Cases won goal; a provider has one goal per metric',
    ],
  ])('answers %s with 400 naming it, changing nothing', async (_, field, code, payload, error) => {
    const before = await goalsOf(2026);
    const audits = await auditCount();
    const res = await put(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error, code, field });
    expect(await goalsOf(2026)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/config/goals',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"year": 2026,',
    });
    expect(res.statusCode).toBe(400);
  });

  it('audits each save with what it added, changed and removed', async () => {
    const next = [
      { provider: 'Dr Adams', metric: 'consults', months: each(2) },
      { provider: 'Dr Adams', metric: 'won', months: each(1) },
      { provider: 'Dr Adams', metric: 'arch_value', months: each(10000) },
      { provider: 'Dr Cole', metric: 'won', months: each(1) },
    ];
    expect((await put(manager, { year: 2026, goals: next })).statusCode).toBe(200);
    const [row] = await t.db.query<{ username: string; detail: Record<string, unknown> }>(
      `SELECT username, detail FROM audit_log WHERE action = 'goals_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({
      username: 'g-manager',
      detail: {
        year: 2026,
        goals: 4,
        added: ['Dr Cole: Cases won'],
        changed: ['Dr Adams: Consults'],
        removed: ['Dr Baker: Consults'],
      },
    });
    expect((await put(manager, { year: 2026, goals: SAVED })).statusCode).toBe(200);
  });

  it('rejects a year outside 2000-2100 in the query', async () => {
    const res = await call(admin, '/api/config/goals?year=1999');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('year must be a year from 2000 to 2100');
  });
});

describe('GET /api/dashboard/goals', () => {
  const panel = async (query: string, token = admin) => {
    const res = await call(token, `/api/dashboard/goals?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts each provider’s goals to date against the trends, totals first', async () => {
    const body = await panel('year=2026&as_of=2026-03-31');
    expect(body.through).toBe('2026-03');
    expect(body.providers).toEqual([
      {
        provider: 'Dr Adams',
        consults: { goal: 3, actual: 2, percent: 66.7 },
        won: { goal: 3, actual: 2, percent: 66.7 },
        // $29,990 of $36,000.75
        arch_value: { goal: 36000.75, actual: 29990, percent: 83.3 },
      },
      {
        provider: 'Dr Baker',
        consults: { goal: 3, actual: 1, percent: 33.3 },
        won: { goal: null, actual: 0, percent: null },
        arch_value: { goal: null, actual: 0, percent: null },
      },
    ]);
    // The actuals are section 13's trends of Dr Adams, January through March.
    const trends = (await call(admin, '/api/dashboard/trends?year=2026&provider=Dr%20Adams')).json();
    const toMarch = (list: number[]) => list.slice(0, 3).reduce((a, b) => a + b, 0);
    expect([toMarch(trends.consults), toMarch(trends.won), toMarch(trends.arch_value)]).toEqual([
      2, 2, 29990,
    ]);
    expect(body.totals).toEqual({
      consults: { goal: 6, actual: 3, percent: 50 },
      won: { goal: 3, actual: 2, percent: 66.7 },
      arch_value: { goal: 36000.75, actual: 29990, percent: 83.3 },
    });
  });

  it('follows a changed goal at once', async () => {
    const changed = SAVED.map((g) => (g.provider === 'Dr Baker' ? { ...g, months: each(2) } : g));
    expect((await put(admin, { year: 2026, goals: changed })).statusCode).toBe(200);
    const body = await panel('year=2026&as_of=2026-03-31');
    expect(body.providers[1].consults).toEqual({ goal: 6, actual: 1, percent: 16.7 });
    expect((await put(admin, { year: 2026, goals: SAVED })).statusCode).toBe(200);
  });

  it('counts a past year whole and nothing of a year to come', async () => {
    expect((await panel('year=2026&as_of=2027-01-15')).through).toBe('2026-12');
    const later = await panel('year=2026&as_of=2025-06-01');
    expect(later.through).toBeNull();
    expect(later.totals.consults).toEqual({ goal: 0, actual: 0, percent: null });
  });

  it('narrows to the provider asked for, and ignores a location: goals cover every location', async () => {
    const one = await panel('year=2026&as_of=2026-03-31&provider=Dr%20Baker');
    expect(one.providers.map((p: { provider: string }) => p.provider)).toEqual(['Dr Baker']);
    const every = await panel('year=2026&as_of=2026-03-31');
    expect(await panel('year=2026&as_of=2026-03-31&location=Lakeside')).toEqual(every);
  });

  it('answers a year without goals with no providers', async () => {
    const body = await panel('year=2024&as_of=2026-03-31');
    expect(body).toEqual({
      success: true,
      year: 2024,
      through: '2024-12',
      providers: [],
      totals: {
        consults: { goal: null, actual: 0, percent: null },
        won: { goal: null, actual: 0, percent: null },
        arch_value: { goal: null, actual: 0, percent: null },
      },
    });
  });

  it('refuses a bad as_of or year with 400', async () => {
    for (const [query, error] of [
      ['as_of=2026-02-30', 'as_of must be a date written YYYY-MM-DD'],
      ['year=20x6', 'year must be a year from 2000 to 2100'],
    ]) {
      const res = await call(admin, `/api/dashboard/goals?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });
});

describe('the dashboard workbook’s Goals sheet', () => {
  const goalsSheet = async (query: string) => {
    const res = await call(admin, `/api/export/dashboard?year=2026${query}`);
    expect(res.statusCode).toBe(200);
    return sheet(await readBack(res.rawPayload), 'Goals');
  };

  it('carries the figures the panel shows, and only the line at a location', async () => {
    const panel = (await call(admin, '/api/dashboard/goals?year=2026')).json();
    const ws = await goalsSheet('');
    expect(rowValues(ws, 5, 5)).toEqual([
      'All providers with a goal',
      'Consults',
      panel.totals.consults.goal,
      panel.totals.consults.actual,
      panel.totals.consults.percent,
    ]);
    // Dr Adams's rows come first after the totals: consults, won, arch value.
    const adamsArch = findRow(ws, 'Dr Adams') + 2;
    expect(rowValues(ws, adamsArch, 5)).toEqual([
      'Dr Adams',
      'Arch value',
      panel.providers[0].arch_value.goal,
      panel.providers[0].arch_value.actual,
      panel.providers[0].arch_value.percent,
    ]);
    expect((await goalsSheet('&location=Lakeside')).getCell('A4').value).toBe(GOALS_EVERY_LOCATION);
  });
});

describe('the trend chart’s consults goal', () => {
  const trends = async (query: string) =>
    (await call(admin, `/api/dashboard/trends?year=2026${query}`)).json();

  it('sums the consults goals for every provider, gives one provider’s, and none at a location', async () => {
    expect((await trends('')).consults_goal).toEqual(each(2));
    expect((await trends('&provider=Dr%20Adams')).consults_goal).toEqual(each(1));
    expect((await trends('&provider=Dr%20Nobody')).consults_goal).toBeNull();
    expect((await trends('&location=Lakeside')).consults_goal).toBeNull();
    expect((await call(admin, '/api/dashboard/trends?year=2024')).json().consults_goal).toBeNull();
  });
});
