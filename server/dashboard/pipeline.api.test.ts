import { currentYear, today } from '../platform/clock';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

/*
 * 2026 consults: Ann (accepted 01/20 after a 01/10 consult, temp 03/01, perm 06/01: final), Ben
 * (presented only), Cat at Lakeside (accepted 02/11 after a 02/01 consult). 2025: Dan, consult only.
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location
Ann Able,1/10/2026,D0150,Dr Adams,Main Street
Ann Able,1/20/2026,FA-ACC-MAX,Dr Adams,Main Street
Ann Able,3/1/2026,D6119,Dr Adams,Main Street
Ann Able,6/1/2026,D6114,Dr Adams,Main Street
Ben Bell,1/15/2026,D0150,Dr Adams,Main Street
Ben Bell,1/15/2026,FA-PRES-MAX,Dr Adams,Main Street
Cat Cruz,2/1/2026,D0150,Dr Baker,Lakeside
Cat Cruz,2/11/2026,FA-ACC-MAX,Dr Baker,Lakeside
Dan Dunn,5/5/2025,D0150,Dr Baker,Lakeside
`;

let t: TestContext;
let token: string;
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const counts = (body: { steps: { count: number }[] }) => body.steps.map((s) => s.count);

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
  await upload(t, token, 'raw-data', 'report.csv', REPORT);
});
afterAll(() => t.close());

describe('GET /api/dashboard/pipeline', () => {
  it("follows the year's consults down the journey, with rates and median days", async () => {
    const body = await get('/api/dashboard/pipeline?year=2026');
    expect(body.year).toBe(2026);
    expect(body.steps).toEqual([
      { step: 'consulted', count: 3, rate: 100 },
      { step: 'presented', count: 3, rate: 100 },
      { step: 'accepted', count: 2, rate: 66.7 },
      { step: 'surgery', count: 1, rate: 33.3 },
      { step: 'final', count: 1, rate: 33.3 },
    ]);
    // Ann 10 days and Cat 10 days to accept; Ann 40 days to surgery, 92 to final.
    expect(body.median_days).toEqual({ consult_to_accept: 10, accept_to_surgery: 40, surgery_to_final: 92 });
  });

  it('follows the year, the provider and the location', async () => {
    expect(counts(await get('/api/dashboard/pipeline?year=2025'))).toEqual([1, 0, 0, 0, 0]);
    expect(counts(await get('/api/dashboard/pipeline?year=2026&provider=Dr%20Baker'))).toEqual([
      1, 1, 1, 0, 0,
    ]);
    expect(counts(await get('/api/dashboard/pipeline?year=2026&location=Main%20Street'))).toEqual([
      2, 2, 1, 1, 1,
    ]);
    const none = await get('/api/dashboard/pipeline?year=2024');
    expect(none.median_days).toEqual({
      consult_to_accept: null,
      accept_to_surgery: null,
      surgery_to_final: null,
    });
  });

  it('refuses a bad year', async () => {
    const res = await t.app.inject({ url: '/api/dashboard/pipeline?year=26', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/trends', () => {
  it('gives twelve months that add up to the consult overview and the arch cases', async () => {
    const body = await get('/api/dashboard/trends?year=2026');
    expect(body.months).toHaveLength(12);
    expect(body.consults.slice(0, 2)).toEqual([2, 1]);
    expect(body.won.slice(0, 2)).toEqual([1, 1]);
    expect(body.win_rate.slice(0, 2)).toEqual([50, 100]);
    const overview = await get('/api/dashboard/consult-overview?year=2026');
    const arch = await get('/api/dashboard/arch-cases-by-month?year=2026');
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(body.consults)).toBe(overview.totals.consults_ytd);
    expect(sum(body.won)).toBe(overview.totals.consults_won);
    expect(body.arch_value).toEqual(arch.months.map((m: string) => arch.month_totals[m]));
  });

  it("names the months of the year that have not begun yet, by the server's today", async () => {
    // Worked from the server's own clock, so the answer holds whatever day the test runs on.
    const thisMonth = today().slice(0, 7);
    const year = currentYear();
    const body = await get(`/api/dashboard/trends?year=${year}`);
    expect(body.months_to_come).toEqual(body.months.filter((m: string) => m > thisMonth));
    expect(body.months_to_come).not.toContain(thisMonth);
    expect((await get(`/api/dashboard/trends?year=${year - 1}`)).months_to_come).toEqual([]);
    const next = await get(`/api/dashboard/trends?year=${year + 1}`);
    expect(next.months_to_come).toEqual(next.months);
  });
});
