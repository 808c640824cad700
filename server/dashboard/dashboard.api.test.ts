import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

/*
 * A hand-worked data set, imported through the API. Default code mappings apply.
 *
 * Scoresheet (status -> outcome by the mapping values of docs/behaviour.md section 5):
 *   Alice Ames  Dr Adams  Consult, Presented Max, Accepted Max, Temp Upper  Won 1  14,995  consult 2025-01-10, case 2025-02-03 (scan)
 *   Bob Brown   Dr Adams  Consult, Presented Max, Presented Mand            Lost 2 29,990  consult 2025-01-10
 *   Cara Cole   dr baker  Consult, Presented Max, PF Max                    PF 1   14,995  consult 2025-03-05, PF 2025-03-20
 *   Dan Diaz    dr baker  Consult                                           N/A    0       consult 2025-04-01
 *   Eve Evans   Dr Adams  Consult, Accepted Max, Accepted Mand, Temp Upper  Won 2  29,990  consult 2025-05-05, case 2025-06-01 (scan)
 *   Gus Gray    dr baker  Consult, Presented Mand                           Lost 1 14,995  consult 2026-01-15
 *   Hal Hill    Dr Adams  Consult, Temp Lower                               Won 1  14,995  consult 2024-12-20, case 2025-01-05 (temp)
 *   Ivy Ives    Dr Chen   Consult, Presented Max, Accepted Max              Won 1  14,995  consult 2025-07-07, case 2025-07-20; ignored for 2025
 *   Kim King    Dr Adams  Consult, Presented Max                            Lost 1 14,995  consult 2025-08-08
 * Dan's routine cleaning (D1110) sets no flag.
 */
const REPORT = `Full Arch Report
Generated 11/01/2026

Patient,Date,Proc Code,Provider,Description,Fee,Location
"Ames, Alice",1/10/2025,D0150,Dr Adams,Comprehensive exam,$150.00,Main Street
"Ames, Alice",1/10/2025,FA-PRES-MAX,Dr Adams,,,Main Street
"Ames, Alice",1/20/2025,FA-ACC-MAX,Dr Adams,,,Main Street
"Ames, Alice",2/3/2025,D0801,Dr Adams,Scan,,Main Street
alice ames,3/3/2025,D6119,Dr Adams,Temp upper,"$14,995.00",Main Street
Bob Brown,1/10/2025,D9310,Dr Adams,Consult,,Main Street
Bob Brown,1/10/2025,FA-PRES-MAX,Dr Adams,,,Main Street
Bob Brown,1/10/2025,FA-PRES-MAND,Dr Adams,,,Main Street
"Cole, Cara",3/5/2025,D0150,dr baker,,,Lakeside
"Cole, Cara",3/5/2025,FA-PRES-MAX,dr baker,,,Lakeside
"Cole, Cara",3/20/2025,FA-PF-MAX,dr baker,,,Lakeside
Dan Diaz,4/1/2025,D0150,dr baker,,,Lakeside
Dan Diaz,4/2/2025,D1110,dr baker,Prophylaxis,$95.00,Lakeside
Eve Evans,5/5/2025,D0150,Dr Adams,,,Main Street
Eve Evans,5/20/2025,FA-ACC-MAX,Dr Adams,,,Main Street
Eve Evans,5/20/2025,FA-ACC-MAND,Dr Adams,,,Main Street
Eve Evans,6/1/2025,D0802,Dr Adams,,,Main Street
Eve Evans,6/15/2025,D6119,Dr Adams,,,Main Street
Gus Gray,1/15/2026,D0150,dr baker,,,Lakeside
Gus Gray,1/15/2026,FA-PRES-MAND,dr baker,,,Lakeside
Hal Hill,12/20/2024,D0150,Dr Adams,,,Main Street
Hal Hill,1/5/2025,D6118,Dr Adams,,,Main Street
Ivy Ives,7/7/2025,D0150,Dr Chen,,,Main Street
Ivy Ives,7/7/2025,FA-PRES-MAX,Dr Chen,,,Main Street
Ivy Ives,7/20/2025,FA-ACC-MAX,Dr Chen,,,Main Street
Kim King,8/8/2025,D0150,Dr Adams,,,Main Street
Kim King,8/8/2025,FA-PRES-MAX,Dr Adams,,,Main Street
`;

// Zoe: a 2025 consult for baker; Yan's is cancelled; Eve and Bob are valued temps (Bob's TBD).
const FUTURE = `Patient,Appt Date,Code,Provider,Description,Status
"Ames, Alice",9/1/2025,D0150,Dr Adams,Consult,Scheduled
Zoe Zane,10/10/2025,D0150,dr baker,,Confirmed
Yan Young,10/10/2025,D0150,dr baker,,Cancelled by patient
Eve Evans,9/15/2025,D6119,Dr Adams,Temp upper,Scheduled
Bob Brown,,D6118,dr baker,Temp lower,
`;

const IGNORE = `Patient,Year,Notes
"Ives, Ivy",2025,Treated at prior practice
`;

let t: TestContext;
let token: string;
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('an empty database', () => {
  it('answers every panel with zeros and empty lists', async () => {
    const co = await get('/api/dashboard/consult-overview?year=2025');
    expect(co.providers).toEqual([]);
    expect(co.totals).toEqual({
      consults_lost: 0,
      consults_won: 0,
      pending_finance: 0,
      consults_ytd: 0,
      future_consults: 0,
      future_ytd_total: 0,
      win_rate: 0,
    });
    expect(co.acceptable_range).toEqual({
      mean: 0,
      lower: 0,
      upper: 0,
      variance_status: 'Acceptable Variance',
      outside: [],
    });
    const ac = await get('/api/dashboard/arch-cases-by-month?year=2025');
    expect(ac.months).toHaveLength(12);
    expect(ac.grand_total).toBe(0);
    const fv = await get('/api/dashboard/future-case-value');
    expect(fv.future_treatments).toMatchObject({ months: [], providers: [], grand_total: 0 });
    expect(fv.pending_finance).toEqual({ providers: [], grand_total: 0 });
    expect((await get('/api/dashboard/last-import-date')).last_import_date).toBeNull();
    expect((await get('/api/dashboard/providers')).providers).toEqual([]);
  });
});

describe('the hand-worked data set', () => {
  beforeAll(async () => {
    for (const [kind, name, body] of [
      ['raw-data', 'report.csv', REPORT],
      ['future-scheduled', 'future.csv', FUTURE],
      ['ignore-list', 'ignore.csv', IGNORE],
    ] as const) {
      const res = await upload(t, token, kind, name, body, { replace: 'true' });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('lists providers of the scoresheet and the future schedule, sorted case-insensitively', async () => {
    const res = await get('/api/dashboard/providers');
    expect(res.providers).toEqual(['Dr Adams', 'dr baker', 'Dr Chen']);
    expect(res.years[0]).toBe(2024);
  });

  it('consult overview 2025, all providers', async () => {
    const co = await get('/api/dashboard/consult-overview?year=2025&provider=All%20Providers');
    // Adams: won Alice, Eve; lost Bob, Kim; future Alice 9/1 => 4 + 1 = 5, 2/4 = 50.0%.
    // baker: PF Cara, N/A Dan; future Zoe (Yan cancelled) => 2 + 1 = 3, 0.0%.
    // Chen: Ivy is ignored for 2025, so Chen has nothing in 2025.
    expect(co.providers).toEqual([
      {
        provider: 'Dr Adams',
        consults_lost: 2,
        consults_won: 2,
        pending_finance: 0,
        consults_ytd: 4,
        future_consults: 1,
        future_ytd_total: 5,
        win_rate: 50,
      },
      {
        provider: 'dr baker',
        consults_lost: 0,
        consults_won: 0,
        pending_finance: 1,
        consults_ytd: 2,
        future_consults: 1,
        future_ytd_total: 3,
        win_rate: 0,
      },
    ]);
    // 2 won of 6 = 33.3%.
    expect(co.totals).toEqual({
      consults_lost: 2,
      consults_won: 2,
      pending_finance: 1,
      consults_ytd: 6,
      future_consults: 2,
      future_ytd_total: 8,
      win_rate: 33.3,
    });
    // n = 2, S = 8: mean 4, range 3.2..4.8; Adams 5 (50 > 48) and baker 3 (30 < 32) are outside.
    expect(co.acceptable_range).toEqual({
      mean: 4,
      lower: 3.2,
      upper: 4.8,
      variance_status: 'Variance Too Large',
      outside: ['Dr Adams', 'dr baker'],
    });
  });

  it('consult overview for one provider keeps the range over all providers', async () => {
    const co = await get('/api/dashboard/consult-overview?year=2025&provider=Dr%20Adams');
    expect(co.providers.map((p: { provider: string }) => p.provider)).toEqual(['Dr Adams']);
    expect(co.totals.consults_ytd).toBe(4);
    expect(co.totals.win_rate).toBe(50);
    expect(co.acceptable_range).toMatchObject({ mean: 4, lower: 3.2, upper: 4.8, outside: ['Dr Adams'] });
  });

  it('consult overview 2026: only Gus, lost', async () => {
    const co = await get('/api/dashboard/consult-overview?year=2026');
    expect(co.providers).toEqual([
      {
        provider: 'dr baker',
        consults_lost: 1,
        consults_won: 0,
        pending_finance: 0,
        consults_ytd: 1,
        future_consults: 0,
        future_ytd_total: 1,
        win_rate: 0,
      },
    ]);
    expect(co.acceptable_range.variance_status).toBe('Acceptable Variance');
  });

  it('consult details list the rows behind each count, by date then name', async () => {
    const won = await get('/api/dashboard/consult-details/consults_won?year=2025');
    expect(won.details).toEqual([
      { patient_name: 'Alice Ames', provider: 'Dr Adams', status: 'Won', date: '2025-01-10' },
      { patient_name: 'Eve Evans', provider: 'Dr Adams', status: 'Won', date: '2025-05-05' },
    ]);
    const lost = await get('/api/dashboard/consult-details/consults_lost?year=2025&provider=Dr%20Adams');
    expect(lost.details.map((d: { patient_name: string }) => d.patient_name)).toEqual([
      'Bob Brown',
      'Kim King',
    ]);
    const pf = await get('/api/dashboard/consult-details/pending_finance?year=2025');
    expect(pf.details).toEqual([
      { patient_name: 'Cara Cole', provider: 'dr baker', status: 'PF', date: '2025-03-05' },
    ]);
    const future = await get('/api/dashboard/consult-details/future_consults?year=2025');
    expect(future.details).toEqual([
      { patient_name: 'Alice Ames', provider: 'Dr Adams', status: 'Scheduled', date: '2025-09-01' },
      { patient_name: 'Zoe Zane', provider: 'dr baker', status: 'Confirmed', date: '2025-10-10' },
    ]);
    const bad = await t.app.inject({
      url: '/api/dashboard/consult-details/everything',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('arch cases by month 2025: Hal in January, Alice in February (scan), Eve in June; Ivy ignored', async () => {
    const ac = await get('/api/dashboard/arch-cases-by-month?year=2025&_=123');
    expect(ac.months[0]).toBe('2025-01');
    expect(ac.providers).toHaveLength(1);
    const adams = ac.providers[0];
    expect(adams).toMatchObject({
      provider: 'Dr Adams',
      '2025-01': 14995,
      '2025-02': 14995,
      '2025-06': 29990,
    });
    expect(adams['2025-03']).toBe(0);
    expect(adams.total).toBe(59980);
    expect(ac.month_totals['2025-06']).toBe(29990);
    expect(ac.grand_total).toBe(59980);
    const details = await get('/api/dashboard/arch-case-details/6?year=2025');
    expect(details).toEqual({
      success: true,
      total_value: 29990,
      patients: [
        {
          patient_name: 'Eve Evans',
          provider: 'Dr Adams',
          case_value: 29990,
          date: '2025-06-01',
          status: 'Consult, Accepted Max, Accepted Mand, Temp Upper',
        },
      ],
    });
    const bad = await t.app.inject({ url: '/api/dashboard/arch-case-details/13', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('arch cases 2026 are empty', async () => {
    const ac = await get('/api/dashboard/arch-cases-by-month?year=2026');
    expect(ac.providers).toEqual([]);
    expect(ac.grand_total).toBe(0);
  });

  it('future case value: valued appointments by month with TBD last; pending finance by provider', async () => {
    const fv = await get('/api/dashboard/future-case-value?year=2025');
    expect(fv.future_treatments.months).toEqual(['2025-09', 'TBD']);
    expect(fv.future_treatments.dates).toEqual(['2025-09', 'TBD']);
    expect(fv.future_treatments.providers).toEqual([
      { provider: 'Dr Adams', '2025-09': 14995, TBD: 0, total: 14995 },
      { provider: 'dr baker', '2025-09': 0, TBD: 14995, total: 14995 },
    ]);
    expect(fv.future_treatments.grand_total).toBe(29990);
    expect(fv.pending_finance).toEqual({
      providers: [{ provider: 'dr baker', case_value: 14995 }],
      grand_total: 14995,
    });
    const tbd = await get('/api/dashboard/future-case-details/TBD');
    expect(tbd).toEqual({
      success: true,
      total_value: 14995,
      treatments: [
        {
          patient_name: 'Bob Brown',
          provider: 'dr baker',
          procedure: 'Temp lower',
          case_value: 14995,
          appt_date: null,
        },
      ],
    });
    const adamsOnly = await get('/api/dashboard/future-case-value?provider=Dr%20Adams');
    expect(adamsOnly.future_treatments.months).toEqual(['2025-09']);
    const pf = await get('/api/dashboard/pending-finance-details');
    expect(pf).toEqual({
      success: true,
      total_value: 14995,
      cases: [
        {
          patient_name: 'Cara Cole',
          provider: 'dr baker',
          case_value: 14995,
          date: '2025-03-20',
          procedure_status: 'Consult, Presented Max, PF Max',
        },
      ],
    });
  });

  it('a mapping change applies at once, without a new import', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/config/code-mappings/D6118',
      headers: bearer(token),
      payload: { proc_code: 'D6118', label: 'Temp Lower', value: 20000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fv = await get('/api/dashboard/future-case-value');
    expect(fv.future_treatments.grand_total).toBe(34995);
    await t.app.inject({
      method: 'PUT',
      url: '/api/config/code-mappings/D6118',
      headers: bearer(token),
      payload: { proc_code: 'D6118', label: 'Temp Lower', value: 14995 },
    });
  });

  it('patient search and lookup', async () => {
    expect((await get('/api/patient/search?q=a')).patients).toEqual([]);
    expect((await get('/api/patient/search?q=AM')).patients).toEqual(['Alice Ames']);
    const alice = await get(`/api/patient/lookup?name=${encodeURIComponent('Ames, Alice')}`);
    expect(alice.data.patient_name).toBe('Alice Ames');
    expect(alice.data.scoresheet).toMatchObject({
      provider: 'Dr Adams',
      score: 43,
      win_loss: 'Won',
      case_value: 14995,
    });
    expect(alice.data.procedures[0]).toMatchObject({
      date: '2025-03-03',
      procedure: 'Temp upper',
      amount: 14995,
    });
    expect(alice.data.future_appointments).toHaveLength(1);
    const ivy = await get('/api/patient/lookup?name=ivy%20ives');
    expect(ivy.data.ignore_status).toEqual([{ year_code: '2025', notes: 'Treated at prior practice' }]);
    const zoe = await get('/api/patient/lookup?name=Zoe%20Zane');
    expect(zoe.data.scoresheet).toBeNull();
    const bob = await get('/api/patient/lookup?name=Bob%20Brown');
    expect(bob.data.future_appointments[0]).toMatchObject({ appt_date: null, case_value: 14995 });
    const unknown = await t.app.inject({
      url: '/api/patient/lookup?name=Nobody%20Here',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Patient not found', code: 'patient_not_found' });
    // Both lookups are in the audit log, the one that found nobody too.
    const { events } = await get('/api/audit?limit=2');
    expect(events.map((e: { action: string }) => e.action)).toEqual([
      'patient_lookup_not_found',
      'patient_lookup',
    ]);
    expect(events[0].detail).toEqual({ name: 'Nobody Here' });
  });

  it('an empty year is the current year, as an absent one', async () => {
    const absent = await get('/api/dashboard/consult-overview');
    expect(await get('/api/dashboard/consult-overview?year=')).toEqual(absent);
    const bad = await t.app.inject({
      url: '/api/dashboard/consult-overview?year=20x5',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: 'year must be a four-digit year',
      code: 'invalid_field',
      field: 'year',
    });
  });
});
