/** Marketing spend (docs/behaviour.md section 19): the spend as configured, and who may read and change it. */
import { latestVersions } from '../dashboard';
import { bearer, createTestContext, type TestContext } from '../test/harness';

const each = (n: number) => Array<number>(12).fill(n);

let t: TestContext;
let admin: string;
let manager: string;
let coordinator: string;
let provider: string;

const call = (token: string, url: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const put = (token: string, payload: unknown) => call(token, '/api/config/marketing-spend', 'PUT', payload);
const spendOf = async (year: number) =>
  (await call(admin, `/api/config/marketing-spend?year=${year}`)).json();
const auditCount = async () =>
  Number(
    (
      await t.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM audit_log WHERE action = 'marketing_spend_changed'`,
      )
    )[0].n,
  );
const dataVersion = async () => (await latestVersions(t.db)).data;

const SAVED = [
  { source: 'Google Ads', months: each(1000) },
  { source: 'facebook', months: each(250.5) },
];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
  await t.createUser('ms-manager', 'manager', 'manager-pass');
  manager = await t.login('ms-manager', 'manager-pass');
  await t.createUser('ms-coordinator', 'coordinator', 'coordinator-pass');
  coordinator = await t.login('ms-coordinator', 'coordinator-pass');
  await t.createUser('ms-provider', 'provider', 'provider-pass');
  provider = await t.login('ms-provider', 'provider-pass');
});
afterAll(() => t.close());

describe('GET and PUT /api/config/marketing-spend', () => {
  it('answers an empty year before any spend is entered', async () => {
    const res = await call(manager, '/api/config/marketing-spend?year=2026');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, year: 2026, spend: [] });
  });

  it('replaces the year’s spend, sorted without regard to case, sources tidied and amounts to the cent', async () => {
    const res = await put(manager, {
      year: 2026,
      spend: [
        { source: '  Google   Ads ', months: each(1000) },
        { source: 'facebook', months: [250.499, 250.505, ...each(250.5).slice(2)] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      success: true,
      year: 2026,
      spend: [
        { source: 'facebook', months: [250.5, 250.51, ...each(250.5).slice(2)] },
        { source: 'Google Ads', months: each(1000) },
      ],
    };
    expect(res.json()).toEqual(expected);
    expect(await spendOf(2026)).toEqual(expected);
    expect((await spendOf(2025)).spend).toEqual([]);
    expect((await put(manager, { year: 2026, spend: SAVED })).statusCode).toBe(200);
  });

  it('keeps each source as last saved, and each year apart; an empty list removes a year’s spend', async () => {
    expect(
      (await put(admin, { year: 2025, spend: [{ source: 'Radio', months: each(10) }] })).statusCode,
    ).toBe(200);
    const respelled = await put(admin, { year: 2025, spend: [{ source: 'RADIO', months: each(10) }] });
    expect(respelled.json().spend).toEqual([{ source: 'RADIO', months: each(10) }]);
    expect((await spendOf(2026)).spend).toHaveLength(2);
    const cleared = await put(admin, { year: 2025, spend: [] });
    expect(cleared.json()).toEqual({ success: true, year: 2025, spend: [] });
    expect(await spendOf(2025)).toEqual({ success: true, year: 2025, spend: [] });
    expect((await spendOf(2026)).spend).toHaveLength(2);
  });

  it('audits each save with the year’s totals and what it added, changed and removed', async () => {
    const next = [
      { source: 'Google Ads', months: each(1200) },
      { source: 'Radio', months: each(100) },
    ];
    expect((await put(manager, { year: 2026, spend: next })).statusCode).toBe(200);
    const [row] = await t.db.query<{ username: string; detail: Record<string, unknown> }>(
      `SELECT username, detail FROM audit_log WHERE action = 'marketing_spend_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({
      username: 'ms-manager',
      detail: {
        year: 2026,
        sources: 2,
        total: { before: 15006, after: 15600 },
        added: ['Radio'],
        changed: ['Google Ads'],
        removed: ['facebook'],
      },
    });
    expect((await put(manager, { year: 2026, spend: SAVED })).statusCode).toBe(200);
  });

  it('moves the data version on with each save, so the figures are worked out again', async () => {
    const before = await dataVersion();
    expect((await put(admin, { year: 2026, spend: SAVED })).statusCode).toBe(200);
    expect(await dataVersion()).not.toBe(before);
  });

  it('lets a coordinator read the spend but not change it', async () => {
    const before = await spendOf(2026);
    expect((await call(coordinator, '/api/config/marketing-spend?year=2026')).json()).toEqual(before);
    const res = await put(coordinator, { year: 2026, spend: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'Only managers and admins can change data or configuration',
      code: 'forbidden',
    });
    expect(await spendOf(2026)).toEqual(before);
  });

  it('refuses a provider both reading and changing it, changing nothing', async () => {
    const before = await spendOf(2026);
    const audits = await auditCount();
    const read = await call(provider, '/api/config/marketing-spend?year=2026');
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({
      success: false,
      error: 'Only managers, coordinators and admins can see marketing spend and return',
      code: 'forbidden',
    });
    const write = await put(provider, { year: 2026, spend: [] });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('Only managers and admins can change data or configuration');
    expect(await spendOf(2026)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it.each([
    ['no year', 'year', 'missing_field', { spend: [] }, 'year must be a year from 2000 to 2100'],
    [
      'a year before 2000',
      'year',
      'invalid_field',
      { year: 1999, spend: [] },
      'year must be a year from 2000 to 2100',
    ],
    [
      'a year after 2100',
      'year',
      'invalid_field',
      { year: 2101, spend: [] },
      'year must be a year from 2000 to 2100',
    ],
    ['no spend', 'spend', 'missing_field', { year: 2026 }, 'spend must be a list'],
    [
      'an entry that is no object',
      'spend.0',
      'invalid_field',
      { year: 2026, spend: ['Radio'] },
      'Source 1: must be {source, months}',
    ],
    [
      'a blank source',
      'spend.0.source',
      'invalid_field',
      { year: 2026, spend: [{ source: '  ', months: each(1) }] },
      'Source 1: source is required',
    ],
    [
      'a source too long',
      'spend.0.source',
      'invalid_field',
      { year: 2026, spend: [{ source: 'S'.repeat(81), months: each(1) }] },
      `Source 1 (${'S'.repeat(81)}): source must be at most 80 characters`,
    ],
    [
      'No lead as a source',
      'spend.0.source',
      'invalid_field',
      { year: 2026, spend: [{ source: ' no  LEAD ', months: each(1) }] },
      'Source 1 (no LEAD): No lead is not a source',
    ],
    [
      'thirteen months',
      'spend.0.months',
      'invalid_field',
      { year: 2026, spend: [{ source: 'Radio', months: [...each(1), 1] }] },
      'Source 1 (Radio): months must be a list of 12 amounts, January first',
    ],
    [
      'a negative amount',
      'spend.1.months.2',
      'invalid_field',
      {
        year: 2026,
        spend: [
          { source: 'TV', months: each(1) },
          { source: 'Radio', months: [1, 1, -0.01, ...each(1).slice(3)] },
        ],
      },
      'Source 2 (Radio): March must be 0 or more',
    ],
    [
      'an amount as text',
      'spend.0.months.0',
      'invalid_field',
      { year: 2026, spend: [{ source: 'Radio', months: ['100', ...each(1).slice(1)] }] },
      'Source 1 (Radio): January must be a number',
    ],
    [
      'a second entry for one source, spelled otherwise',
      'spend.1.source',
      'invalid_field',
      {
        year: 2026,
        spend: [
          { source: 'Google Ads', months: each(1) },
          { source: 'google  ADS', months: each(2) },
        ],
      },
      'Source 2 (google ADS): google ADS is listed twice; a source has one row of spend',
    ],
  ])('answers %s with 400 naming it, changing nothing', async (_, field, code, payload, error) => {
    const before = await spendOf(2026);
    const audits = await auditCount();
    const res = await put(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error, code, field });
    expect(await spendOf(2026)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a year outside 2000-2100 or not a number in the query', async () => {
    for (const year of ['1999', '2101', 'soon']) {
      const res = await call(admin, `/api/config/marketing-spend?year=${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().error).toBe('year must be a year from 2000 to 2100');
    }
  });
});
