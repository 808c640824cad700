import type {
  ArchCaseDetailsResponse,
  ArchCasesResponse,
  ConsultOverview,
  FutureCaseDetailsResponse,
  FutureCaseValueResponse,
  SummaryResponse,
} from '../../common/api/dashboard';
import { currentYear } from '../platform/clock';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

/*
 * Two years at two offices, imported through the API (default code mappings):
 *   2026  Alice Ames  Dr Adams  Won (scan 2026-02-03)      Main Street
 *         Cara Cole   dr baker  PF                         Lakeside
 *         Dee Doe     dr baker  Won (scan 2026-03-10)      Lakeside
 *   2025  Eve Evans   Dr Adams  Won 2 arches (scan 2025-06-01)  Main Street
 *         Bob Brown   Dr Adams  Lost                       Main Street
 *         Fay Fox     dr baker  Won (scan 2025-12-01)      Lakeside
 * Future: Eve's dated temp, Bob's undated one. Alice's cleaning at the year's end (a code no
 * figure counts) keeps the data running to today, so the period ends on today's month and day;
 * 'the day the data runs to' below imports the file without it.
 */
const REPORT = `Patient,Date,Proc Code,Provider,Description,Fee,Location
"Ames, Alice",1/10/2026,D0150,Dr Adams,,,Main Street
"Ames, Alice",1/10/2026,FA-PRES-MAX,Dr Adams,,,Main Street
"Ames, Alice",1/20/2026,FA-ACC-MAX,Dr Adams,,,Main Street
"Ames, Alice",2/3/2026,D0801,Dr Adams,Scan,,Main Street
"Cole, Cara",3/5/2026,D0150,dr baker,,,Lakeside
"Cole, Cara",3/5/2026,FA-PRES-MAX,dr baker,,,Lakeside
"Cole, Cara",3/20/2026,FA-PF-MAX,dr baker,,,Lakeside
Dee Doe,3/1/2026,D0150,dr baker,,,Lakeside
Dee Doe,3/2/2026,FA-ACC-MAX,dr baker,,,Lakeside
Dee Doe,3/10/2026,D0801,dr baker,,,Lakeside
Eve Evans,5/5/2025,D0150,Dr Adams,,,Main Street
Eve Evans,5/20/2025,FA-ACC-MAX,Dr Adams,,,Main Street
Eve Evans,5/20/2025,FA-ACC-MAND,Dr Adams,,,Main Street
Eve Evans,6/1/2025,D0802,Dr Adams,,,Main Street
Bob Brown,1/10/2025,D9310,Dr Adams,Consult,,Main Street
Bob Brown,1/10/2025,FA-PRES-MAX,Dr Adams,,,Main Street
Bob Brown,1/10/2025,FA-PRES-MAND,Dr Adams,,,Main Street
Fay Fox,11/1/2025,D0150,dr baker,,,Lakeside
Fay Fox,11/5/2025,FA-ACC-MAX,dr baker,,,Lakeside
Fay Fox,12/1/2025,D0801,dr baker,,,Lakeside
"Ames, Alice",12/31/2026,D1110,Dr Adams,Cleaning,,Main Street
`;
/** The same data without Alice's cleaning: the latest procedure is Cara's of 2026-03-20. */
const STOPS_IN_MARCH = REPORT.split('\n')
  .filter((line) => !line.includes('D1110'))
  .join('\n');
const FUTURE = `Patient,Appt Date,Code,Provider,Description,Status
Eve Evans,9/15/2026,D6119,Dr Adams,Temp upper,Scheduled
Bob Brown,,D6118,Dr Adams,Temp lower,
`;

let t: TestContext;
let token: string;
const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/**
 * The server's today (its local date) is pinned to November 25, 2026: 2026 is this year, set
 * beside 2025 from January 1 through November 25; 2025 is a past year, set beside all of 2024.
 */
const setToday = async (year: number, monthIndex: number, day: number) => {
  vi.setSystemTime(new Date(year, monthIndex, day, 12));
  // A token is judged by the clock: one is signed in at the new time.
  token = await t.login('admin', ADMIN_PASSWORD);
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  t = await createTestContext();
  await setToday(2026, 10, 25);
  for (const [kind, name, body] of [
    ['raw-data', 'report.csv', REPORT],
    ['future-scheduled', 'future.csv', FUTURE],
  ] as const) {
    const res = await upload(t, token, kind, name, body, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const FILTERS = [
  '',
  'provider=Dr%20Adams',
  'provider=dr%20baker',
  'location=Lakeside',
  'location=Unassigned',
];

describe('GET /api/dashboard/summary', () => {
  it('states the six figures of a past year and, beside each by-year one, the same call for the whole year before', async () => {
    for (const filter of FILTERS) {
      const q = `year=2025&${filter}`;
      const before = `year=2024&${filter}`;
      const s = await get<SummaryResponse>(`/api/dashboard/summary?${q}`);
      const now = (await get<ConsultOverview>(`/api/dashboard/consult-overview?${q}`)).totals;
      const then = (await get<ConsultOverview>(`/api/dashboard/consult-overview?${before}`)).totals;
      const arch = await get<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month?${q}`);
      const archThen = await get<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month?${before}`);
      const future = await get<FutureCaseValueResponse>(`/api/dashboard/future-case-value?${q}`);
      expect(s, q).toEqual({
        success: true,
        year: 2025,
        previous_year: 2024,
        previous_period: { from: '2024-01-01', to: '2024-12-31' },
        data_through: '2026-11-25',
        consults_ytd: { value: now.consults_ytd, previous: then.consults_ytd },
        consults_won: { value: now.consults_won, previous: then.consults_won },
        win_rate: { value: now.win_rate, previous: then.win_rate },
        arch_case_value: { value: arch.grand_total, previous: archThen.grand_total },
        future_scheduled_value: future.future_treatments.grand_total,
        pending_finance_value: future.pending_finance.grand_total,
      });
    }
  });

  it('sets this year beside the year before through the same day, for every filter', async () => {
    // Through 2025-11-25: Bob (Lost, 01-10), Eve (Won, 05-05) and Fay (Won, 11-01) consulted;
    // Eve's case (06-01, two arches) is in, Fay's (12-01) is not yet.
    const expected: Record<string, [number, number, number, number]> = {
      '': [3, 2, 66.7, 29990],
      'provider=Dr%20Adams': [2, 1, 50, 29990],
      'provider=dr%20baker': [1, 1, 100, 0],
      'location=Lakeside': [1, 1, 100, 0],
      'location=Unassigned': [0, 0, 0, 0],
    };
    for (const filter of FILTERS) {
      const q = `year=2026&${filter}`;
      const s = await get<SummaryResponse>(`/api/dashboard/summary?${q}`);
      const now = (await get<ConsultOverview>(`/api/dashboard/consult-overview?${q}`)).totals;
      const arch = await get<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month?${q}`);
      const [ytd, won, rate, value] = expected[filter];
      expect(s, q).toMatchObject({
        year: 2026,
        previous_year: 2025,
        previous_period: { from: '2025-01-01', to: '2025-11-25' },
        consults_ytd: { value: now.consults_ytd, previous: ytd },
        consults_won: { value: now.consults_won, previous: won },
        win_rate: { value: now.win_rate, previous: rate },
        arch_case_value: { value: arch.grand_total, previous: value },
      });
    }
  });

  it('holds the hand-worked figures', async () => {
    const s = await get<SummaryResponse>('/api/dashboard/summary?year=2026');
    expect(s).toMatchObject({
      consults_ytd: { value: 3, previous: 3 },
      consults_won: { value: 2, previous: 2 },
      win_rate: { value: 66.7, previous: 66.7 },
      arch_case_value: { value: 29990, previous: 29990 },
      future_scheduled_value: 29990,
      pending_finance_value: 14995,
    });
    const lakeside = await get<SummaryResponse>('/api/dashboard/summary?year=2025&location=lakeside');
    expect(lakeside.arch_case_value).toEqual({ value: 14995, previous: 0 });
  });

  it('moves the period on with the day, on the same data', async () => {
    try {
      await setToday(2026, 11, 2);
      const s = await get<SummaryResponse>('/api/dashboard/summary?year=2026');
      // Fay's case of 2025-12-01 now falls within the period.
      expect(s.previous_period).toEqual({ from: '2025-01-01', to: '2025-12-02' });
      expect(s.data_through).toBe('2026-12-02');
      expect(s.arch_case_value).toEqual({ value: 29990, previous: 44985 });
    } finally {
      await setToday(2026, 10, 25);
    }
    const back = await get<SummaryResponse>('/api/dashboard/summary?year=2026');
    expect(back.arch_case_value.previous).toBe(29990);
  });

  it('sets a year beside the year before through the day the data runs to, not today', async () => {
    const replace = async (body: string) => {
      const res = await upload(t, token, 'raw-data', 'report.csv', body, { replace: 'true' });
      expect(res.statusCode, res.body).toBe(200);
    };
    try {
      await replace(STOPS_IN_MARCH);
      const s = await get<SummaryResponse>('/api/dashboard/summary?year=2026');
      // Through 2025-03-20 only Bob (Lost, 01-10) had consulted; Eve's case came in June.
      expect(s).toMatchObject({
        data_through: '2026-03-20',
        previous_period: { from: '2025-01-01', to: '2025-03-20' },
        consults_ytd: { value: 3, previous: 1 },
        consults_won: { value: 2, previous: 0 },
        win_rate: { value: 66.7, previous: 0 },
        arch_case_value: { value: 29990, previous: 0 },
      });
      // The Dashboard's header, the trends and the PDF say the same day.
      const last = await get<{ data_through: string | null }>('/api/dashboard/last-import-date');
      expect(last.data_through).toBe('2026-03-20');
      const trends = await get<{ data_through: string | null }>('/api/dashboard/trends?year=2026');
      expect(trends.data_through).toBe('2026-03-20');
      // A past year is still set beside the whole year before.
      const past = await get<SummaryResponse>('/api/dashboard/summary?year=2025');
      expect(past.previous_period).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    } finally {
      await replace(REPORT);
    }
    expect((await get<SummaryResponse>('/api/dashboard/summary?year=2026')).data_through).toBe('2026-11-25');
  });

  it('defaults to this year and refuses a bad one', async () => {
    expect((await get<SummaryResponse>('/api/dashboard/summary')).year).toBe(currentYear());
    const res = await t.app.inject({ url: '/api/dashboard/summary?year=abc', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });
});

describe('the lists behind a Total cell', () => {
  it("lists a provider's whole year of arch cases, matching the row's total", async () => {
    for (const filter of ['', 'location=Lakeside']) {
      const grid = await get<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month?year=2026&${filter}`);
      for (const row of grid.providers) {
        const list = await get<ArchCaseDetailsResponse>(
          `/api/dashboard/arch-case-details/2026?provider=${encodeURIComponent(row.provider)}&${filter}`,
        );
        expect(list.total_value).toBe(row.total);
      }
      const all = await get<ArchCaseDetailsResponse>(`/api/dashboard/arch-case-details/2026?${filter}`);
      expect(all.total_value).toBe(grid.grand_total);
    }
    const year2025 = await get<ArchCaseDetailsResponse>('/api/dashboard/arch-case-details/2025');
    expect(year2025.patients.map((p) => [p.patient_name, p.date])).toEqual([
      ['Eve Evans', '2025-06-01'],
      ['Fay Fox', '2025-12-01'],
    ]);
  });

  it("lists every future treatment, TBD included, for 'all' in any case", async () => {
    const grid = await get<FutureCaseValueResponse>('/api/dashboard/future-case-value');
    for (const month of ['all', 'ALL', ' All ']) {
      const list = await get<FutureCaseDetailsResponse>(
        `/api/dashboard/future-case-details/${encodeURIComponent(month)}`,
      );
      expect(list.total_value).toBe(grid.future_treatments.grand_total);
      expect(list.treatments.map((x) => x.appt_date)).toEqual(['2026-09-15', null]);
    }
  });

  it('refuses any other period', async () => {
    const bad = async (url: string, field: string, error: string) => {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, error, code: 'invalid_field', field });
    };
    await bad(
      '/api/dashboard/arch-case-details/20x6',
      'month',
      'month must be YYYY-MM, a year YYYY, or 1 to 12 with year',
    );
    await bad(
      '/api/dashboard/arch-case-details/all',
      'month',
      'month must be YYYY-MM, a year YYYY, or 1 to 12 with year',
    );
    await bad('/api/dashboard/future-case-details/2026', 'month', 'month must be YYYY-MM, TBD or all');
  });
});
