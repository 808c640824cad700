/**
 * The PDF report built on the server (docs/behaviour.md sections 9 and 17): GET /api/export/report
 * and the builder the monthly e-mail uses, one code path.
 */
import { reportFileName } from '../../common/api/reports';
import { createDashboardData } from '../dashboard/data';
import { today } from '../platform/clock';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { pdfPages, pdfText } from '../test/pdf-text';
import { upload } from '../test/upload';
import { createReportBuilder } from './report-builder';

const REPORT = `Patient,Date,Proc Code,Provider,Location
Ann Quillfeather,1/5/2026,D0150,Dr Adams,Main Street
Ann Quillfeather,1/10/2026,FA-ACC-MAX,Dr Adams,Main Street
Ann Quillfeather,1/20/2026,D6119,Dr Adams,Main Street
Ben Marrowgate,3/1/2026,D0150,Dr Adams,Main Street
Ben Marrowgate,3/1/2026,FA-PRES-MAX,Dr Adams,Main Street
Ben Marrowgate,4/1/2026,FA-ACC-MAX,Dr Adams,Main Street
Cat Thistlewood,5/1/2026,D0150,Dr Baker,Lakeside
Cat Thistlewood,5/1/2026,FA-PRES-MAX,Dr Baker,Lakeside
Cat Thistlewood,5/10/2026,FA-PF-MAX,Dr Baker,Lakeside
Dot Wrenfield,2/1/2026,D0150,Dr Baker,Lakeside
Dot Wrenfield,2/2/2026,FA-PRES-MAX,Dr Baker,Lakeside
Dot Wrenfield,3/3/2026,FA-ACC-MAND,Dr Baker,Lakeside
Dot Wrenfield,3/20/2026,D6118,Dr Baker,Lakeside
`;
const FUTURE = `Patient,Appt Date,Code,Provider,Status
Eve Harrowby,7/1/2027,D6119,Dr Adams,Scheduled
Fay Ostrander,8/1/2027,D6119,Dr Baker,Scheduled
`;
/** Every word of every patient's name: none may be printed anywhere in the report. */
const PATIENT_WORDS = [
  'Quillfeather',
  'Marrowgate',
  'Thistlewood',
  'Wrenfield',
  'Harrowby',
  'Ostrander',
  'Ann ',
  'Ben ',
  'Cat ',
  'Dot ',
  'Eve ',
  'Fay ',
];
const STATISTICS = [
  'Consults YTD',
  'Consults Won',
  'Win Rate',
  'Arch Case Value',
  'Future Scheduled Value',
  'Pending Finance Value',
];

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  expect((await upload(t, admin, 'future-scheduled', 'future.csv', FUTURE)).statusCode).toBe(200);
  const goals = await t.app.inject({
    method: 'PUT',
    url: '/api/config/goals',
    payload: {
      year: 2026,
      goals: [
        { provider: 'Dr Adams', metric: 'consults', months: Array<number>(12).fill(1) },
        { provider: 'Dr Baker', metric: 'won', months: Array<number>(12).fill(1) },
      ],
    },
    headers: bearer(admin),
  });
  expect(goals.statusCode, goals.body).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function report(query: string) {
  const res = await get(`/api/export/report?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, text: pdfText(res.rawPayload) };
}

describe('GET /api/export/report', () => {
  it('sends the PDF of the whole group, named by today, with every part and no patient', async () => {
    const { res, text } = await report('year=2026');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reportFileName(today())}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(res.rawPayload)).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Provider: All Providers | Location: All Locations | Year: 2026');
    for (const label of STATISTICS) expect(text).toContain(label);
    for (const title of [
      'Goals',
      'Consult Overview',
      'Pipeline',
      'Win Rate % by Provider',
      'Monthly Trends',
      'Arch Cases by Month',
      'Future Scheduled Treatments',
      'Pending Finance Cases',
    ])
      expect(text).toContain(title);
    expect(text).toContain('% of Goal');
    expect(text).toContain('Consults Goal');
    expect(text).toContain('Dr Adams');
    expect(text).toContain('Dr Baker');
    for (const word of PATIENT_WORDS) expect(text, word).not.toContain(word);
  });

  it("narrows to one provider's figures", async () => {
    const { text } = await report('year=2026&provider=Dr%20Adams');
    expect(text).toContain('Provider: Dr Adams | Location: All Locations | Year: 2026');
    expect(text).toContain('Full Arch Tracker - Dr Adams - 2026 - Confidential');
    expect(text).not.toContain('Dr Baker');
    for (const word of PATIENT_WORDS) expect(text, word).not.toContain(word);
  });

  it('narrows to one location, where the goals give way to one line', async () => {
    const { text } = await report('year=2026&location=lakeside');
    expect(text).toContain('Provider: All Providers | Location: Lakeside | Year: 2026');
    expect(text).toContain('Full Arch Tracker - All Providers - Lakeside - 2026 - Confidential');
    expect(text).toContain('Goals cover every location: choose All Locations to see them.');
    expect(text).not.toContain('% of Goal');
    expect(text).not.toContain('Consults Goal');
    // Lakeside's consults are Dr Baker's only.
    expect(text).not.toContain('Dr Adams');
  });

  it('is audited as an export with its filters', async () => {
    await report('year=2026&provider=Dr%20Baker&location=Lakeside');
    const events: { action: string; username: string; detail: Record<string, unknown> }[] = (
      await get('/api/audit?limit=5')
    ).json().events;
    expect(events[0]).toMatchObject({
      action: 'export',
      username: 'admin',
      detail: { kind: 'report', provider: 'Dr Baker', location: 'lakeside', year: 2026 },
    });
  });

  it('is for any signed-in role, and refuses bad input with 400', async () => {
    expect((await get('/api/export/report', null)).statusCode).toBe(401);
    await t.createUser('report-provider', 'provider');
    const provider = await t.login('report-provider', 'secret123');
    expect((await get('/api/export/report?year=2026', provider)).statusCode).toBe(200);
    const bad = await get('/api/export/report?year=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: 'year must be a four-digit year',
      code: 'invalid_field',
      field: 'year',
    });
  });
});

describe('the report builder', () => {
  const build = () => createReportBuilder(createDashboardData(t.db), t.db);

  it('counts the goals through the month of the day it is as of, and says that day', async () => {
    const march = await build()({
      provider: null,
      year: 2026,
      location: null,
      asOf: '2026-03-31',
      marketing: false,
    });
    const text = pdfText(march.pdf);
    expect(text).toContain('Through March 2026, at every location.');
    expect(text).toContain('Figures as of 03/31/2026');
    // Dr Adams's consults goal is 1 a month and he has 2 consults (January and March): 2 of 3
    // through March, 2 of 5 through May.
    expect(text).toContain('66.7% Behind');
    const may = pdfText(
      (await build()({ provider: null, year: 2026, location: null, asOf: '2026-05-31', marketing: false }))
        .pdf,
    );
    expect(may).toContain('Through May 2026, at every location.');
    expect(may).toContain('40.0% Behind');
    expect(may).not.toContain('66.7% Behind');
  });

  it('gives the six summary statistics as the PDF states them', async () => {
    const built = await build()({
      provider: 'Dr Baker',
      year: 2026,
      location: null,
      asOf: '2026-12-31',
      marketing: false,
    });
    expect(built.figures.map((f) => f.label)).toEqual(STATISTICS);
    const text = pdfText(built.pdf);
    for (const { value } of built.figures) expect(text).toContain(value);
    // Dr Baker: two consults in 2026 (Cat, Dot), one won (Dot). The data stops on May 10 (Cat's
    // last procedure), so the year before is counted through May 10, not through December 31.
    expect(built.figures.slice(0, 3)).toEqual([
      { label: 'Consults YTD', value: '2', comparison: 'Jan 1-May 10, 2025: 0 (+2)' },
      { label: 'Consults Won', value: '1', comparison: 'Jan 1-May 10, 2025: 0 (+1)' },
      { label: 'Win Rate', value: '50.0%', comparison: 'Jan 1-May 10, 2025: 0.0% (+50.0 pts)' },
    ]);
    expect(built.dataThrough).toBe('2026-05-10');
    expect(text).toContain('Data through 05/10/2026');
    // A report of a day before the data's last one runs to that day.
    const march = await build()({
      provider: null,
      year: 2026,
      location: null,
      asOf: '2026-03-31',
      marketing: false,
    });
    expect(march.dataThrough).toBe('2026-03-31');
  });

  it('builds the same report as the download for the same request', async () => {
    const built = await build()({
      provider: 'Dr Adams',
      year: 2026,
      location: null,
      asOf: today(),
      marketing: true,
    });
    const { text } = await report('year=2026&provider=Dr%20Adams');
    const unstamped = (s: string) => s.replace(/Generated: [^\n]*/, '');
    expect(unstamped(pdfText(built.pdf))).toBe(unstamped(text));
  });
});
