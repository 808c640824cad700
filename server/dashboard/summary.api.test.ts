import type {
  ArchCaseDetailsResponse,
  ArchCasesResponse,
  ConsultOverview,
  FutureCaseDetailsResponse,
  FutureCaseValueResponse,
  SummaryResponse,
} from '../../common/api/dashboard';
import { currentYear } from '../http/deps';
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
 * Future: Eve's dated temp, Bob's undated one.
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
`;
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

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
  for (const [kind, name, body] of [
    ['raw-data', 'report.csv', REPORT],
    ['future-scheduled', 'future.csv', FUTURE],
  ] as const) {
    const res = await upload(t, token, kind, name, body, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const FILTERS = [
  '',
  'provider=Dr%20Adams',
  'provider=dr%20baker',
  'location=Lakeside',
  'location=Unassigned',
];

describe('GET /api/dashboard/summary', () => {
  it('states the six figures of the year and, beside each by-year one, the same call for the year before', async () => {
    for (const filter of FILTERS) {
      for (const year of [2025, 2026]) {
        const q = `year=${year}&${filter}`;
        const before = `year=${year - 1}&${filter}`;
        const s = await get<SummaryResponse>(`/api/dashboard/summary?${q}`);
        const now = (await get<ConsultOverview>(`/api/dashboard/consult-overview?${q}`)).totals;
        const then = (await get<ConsultOverview>(`/api/dashboard/consult-overview?${before}`)).totals;
        const arch = await get<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month?${q}`);
        const archThen = await get<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month?${before}`);
        const future = await get<FutureCaseValueResponse>(`/api/dashboard/future-case-value?${q}`);
        expect(s, q).toEqual({
          success: true,
          year,
          previous_year: year - 1,
          consults_ytd: { value: now.consults_ytd, previous: then.consults_ytd },
          consults_won: { value: now.consults_won, previous: then.consults_won },
          win_rate: { value: now.win_rate, previous: then.win_rate },
          arch_case_value: { value: arch.grand_total, previous: archThen.grand_total },
          future_scheduled_value: future.future_treatments.grand_total,
          pending_finance_value: future.pending_finance.grand_total,
        });
      }
    }
  });

  it('holds the hand-worked figures', async () => {
    const s = await get<SummaryResponse>('/api/dashboard/summary?year=2026');
    expect(s).toMatchObject({
      consults_ytd: { value: 3, previous: 3 },
      consults_won: { value: 2, previous: 2 },
      win_rate: { value: 66.7, previous: 66.7 },
      arch_case_value: { value: 29990, previous: 44985 },
      future_scheduled_value: 29990,
      pending_finance_value: 14995,
    });
    const lakeside = await get<SummaryResponse>('/api/dashboard/summary?year=2026&location=lakeside');
    expect(lakeside.arch_case_value).toEqual({ value: 14995, previous: 14995 });
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
    const bad = async (url: string, error: string) => {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, error });
    };
    await bad(
      '/api/dashboard/arch-case-details/20x6',
      'month must be YYYY-MM, a year YYYY, or 1 to 12 with year',
    );
    await bad(
      '/api/dashboard/arch-case-details/all',
      'month must be YYYY-MM, a year YYYY, or 1 to 12 with year',
    );
    await bad('/api/dashboard/future-case-details/2026', 'month must be YYYY-MM, TBD or all');
  });
});
