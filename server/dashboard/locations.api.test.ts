import ExcelJS from 'exceljs';
import { recalculateIfRulesChanged } from '../scoresheet/upgrade';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

/*
 * Two offices spelled several ways, rows with none, and appointments that name their own office,
 * fall back to their patient's, or have none (docs/behaviour.md section 11). Consults in 2026:
 *   Ann Able  Dr Adams  Main Street (consult)         Won  (accepted 2026-01-20, scan 2026-02-03)
 *   Ben Bell  Dr Adams  main  street (the consult)    Lost (presented 2026-02-01)
 *   Cat Cruz  Dr Baker  Lakeside                      PF
 *   Dot Dunn  Dr Baker  none on the consult; her routine visit before it says LAKESIDE
 *   Eve Egan  Dr Chen   none anywhere                 Unassigned
 * Future Scheduled: Ann at Westgate (her own), Ben with none (so Main Street, his), Fay Fox, who has
 * no scoresheet row, with none (Unassigned), and Cat's TBD temp at `lakeside`.
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location
Ann Able,1/10/2026,D0150,Dr Adams,Main Street
Ann Able,1/20/2026,FA-ACC-MAX,Dr Adams,Main Street
Ann Able,2/3/2026,D0801,Dr Adams,Main Street
Ben Bell,2/1/2026,D0150,Dr Adams,main  street
Ben Bell,2/1/2026,FA-PRES-MAX,Dr Adams,Lakeside
Cat Cruz,3/1/2026,D0150,Dr Baker,Lakeside
Cat Cruz,3/5/2026,FA-PF-MAX,Dr Baker,Lakeside
Dot Dunn,3/1/2026,D1110,Dr Baker,LAKESIDE
Dot Dunn,4/1/2026,D0150,Dr Baker,
Eve Egan,5/1/2026,D0150,Dr Chen,
`;
const FUTURE = `Patient,Appt Date,Code,Provider,Status,Location
Ann Able,12/1/2026,D6119,Dr Adams,Scheduled,Westgate
Ben Bell,12/5/2026,D6119,Dr Adams,Scheduled,
Fay Fox,12/7/2026,D0150,Dr Diaz,Scheduled,
Cat Cruz,,D6119,Dr Baker,Scheduled,lakeside
`;

let t: TestContext;
let token: string;
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const at = (path: string, location: string) =>
  `${path}${path.includes('?') ? '&' : '?'}location=${encodeURIComponent(location)}`;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
  await upload(t, token, 'raw-data', 'report.csv', REPORT);
  await upload(t, token, 'future-scheduled', 'future.csv', FUTURE);
});
afterAll(() => t.close());

describe('locations', () => {
  it('lists every office of the scoresheet and the appointments, spelled as first seen, then Unassigned', async () => {
    expect((await get('/api/dashboard/locations')).locations).toEqual([
      'Lakeside',
      'Main Street',
      'Westgate',
      'Unassigned',
    ]);
  });

  it("gives each scoresheet row the office of the procedure that gave its provider, else the patient's first", async () => {
    const rows: { patient_name: string; location: string | null }[] = (await get('/api/scoresheet'))
      .scoresheet;
    expect(Object.fromEntries(rows.map((r) => [r.patient_name, r.location]))).toEqual({
      'Ann Able': 'Main Street',
      'Ben Bell': 'Main Street',
      'Cat Cruz': 'Lakeside',
      'Dot Dunn': 'Lakeside',
      'Eve Egan': null,
    });
    expect(rows.find((r) => r.patient_name === 'Ann Able')).toMatchObject({
      accepted_date: '2026-01-20',
      presented_date: null,
      perm_date: null,
    });
    expect(rows.find((r) => r.patient_name === 'Ben Bell')).toMatchObject({ presented_date: '2026-02-01' });
  });

  it('shows the new fields in Patient Lookup', async () => {
    const { data } = await get('/api/patient/lookup?name=Dot%20Dunn');
    expect(data.scoresheet).toMatchObject({ location: 'Lakeside', accepted_date: null });
  });

  it('reads every spelling of every location alike, and any case of an office', async () => {
    const whole = await get('/api/dashboard/consult-overview?year=2026');
    for (const every of ['', 'all', 'All Locations'])
      expect(await get(at('/api/dashboard/consult-overview?year=2026', every))).toEqual(whole);
    expect(await get(at('/api/dashboard/consult-overview?year=2026', 'MAIN STREET'))).toEqual(
      await get(at('/api/dashboard/consult-overview?year=2026', 'Main Street')),
    );
  });

  it('narrows the consult overview, and the offices with Unassigned add up to the whole', async () => {
    const whole = await get('/api/dashboard/consult-overview?year=2026');
    const { locations } = await get('/api/dashboard/locations');
    const parts = await Promise.all(
      locations.map((l: string) => get(at('/api/dashboard/consult-overview?year=2026', l))),
    );
    for (const field of [
      'consults_won',
      'consults_lost',
      'pending_finance',
      'consults_ytd',
      'future_consults',
    ])
      expect(
        parts.reduce((n, p) => n + p.totals[field], 0),
        field,
      ).toBe(whole.totals[field]);
    const main = parts[locations.indexOf('Main Street')];
    expect(main.providers.map((p: { provider: string }) => p.provider)).toEqual(['Dr Adams']);
    expect(main.totals).toMatchObject({ consults_won: 1, consults_lost: 1, consults_ytd: 2 });
    const unassigned = parts[locations.indexOf('Unassigned')];
    expect(unassigned.totals).toMatchObject({ consults_ytd: 1, future_consults: 1 });
  });

  it("takes the acceptable range over that location's providers, whatever the provider filter", async () => {
    const lakeside = await get('/api/dashboard/consult-overview?year=2026&location=Lakeside');
    expect(lakeside.providers.map((p: { provider: string }) => p.provider)).toEqual(['Dr Baker']);
    expect(lakeside.acceptable_range.mean).toBe(lakeside.providers[0].future_ytd_total);
    const filtered = await get(
      '/api/dashboard/consult-overview?year=2026&location=Lakeside&provider=Dr%20Adams',
    );
    expect(filtered.acceptable_range).toEqual(lakeside.acceptable_range);
  });

  it("offers that location's providers", async () => {
    expect((await get('/api/dashboard/providers?location=Lakeside')).providers).toEqual(['Dr Baker']);
    expect((await get('/api/dashboard/providers?location=Unassigned')).providers).toEqual([
      'Dr Chen',
      'Dr Diaz',
    ]);
    expect((await get('/api/dashboard/providers')).providers).toHaveLength(4);
  });

  it('counts an appointment at its own office, else at its patient’s', async () => {
    const whole = await get('/api/dashboard/future-case-value');
    const main = await get('/api/dashboard/future-case-value?location=Main%20Street');
    const westgate = await get('/api/dashboard/future-case-value?location=Westgate');
    const lakeside = await get('/api/dashboard/future-case-value?location=Lakeside');
    // Ben's appointment names no office: it counts at Main Street, his; Ann's at Westgate, its own.
    expect(main.future_treatments.grand_total).toBe(westgate.future_treatments.grand_total);
    expect(lakeside.future_treatments.months).toEqual(['TBD']);
    expect(
      main.future_treatments.grand_total +
        westgate.future_treatments.grand_total +
        lakeside.future_treatments.grand_total,
    ).toBe(whole.future_treatments.grand_total);
    // Cat's pending finance case is a Lakeside scoresheet row.
    expect(lakeside.pending_finance.grand_total).toBe(whole.pending_finance.grand_total);
    expect(main.pending_finance.grand_total).toBe(0);
  });

  it('narrows the arch cases and the detail lists, and audits the location asked for', async () => {
    const whole = await get('/api/dashboard/arch-cases-by-month?year=2026');
    const main = await get('/api/dashboard/arch-cases-by-month?year=2026&location=main%20street');
    expect(main.grand_total).toBe(whole.grand_total);
    expect((await get('/api/dashboard/arch-cases-by-month?year=2026&location=Lakeside')).grand_total).toBe(0);
    const won = await get('/api/dashboard/consult-details/consults_won?year=2026&location=Lakeside');
    expect(won.details).toEqual([]);
    const lost = await get('/api/dashboard/consult-details/consults_lost?year=2026&location=Main%20Street');
    expect(lost.details.map((d: { patient_name: string }) => d.patient_name)).toEqual(['Ben Bell']);
    const [audit] = await t.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'details_viewed' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.detail).toMatchObject({ list: 'consult-details', location: 'main street' });
  });

  it('names the location in the dashboard workbook', async () => {
    const res = await t.app.inject({
      url: '/api/export/dashboard?year=2026&location=lakeside',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Consult Overview')?.getCell('A1').value).toBe(
      'Consult Overview — All Providers — Lakeside — 2026',
    );
  });

  it('refuses a location longer than any office name', async () => {
    const res = await t.app.inject({
      url: `/api/dashboard/consult-overview?location=${'x'.repeat(201)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('rebuilds the locations and the scoresheet once when a database predates these rules', async () => {
    await t.db.query(`UPDATE scoresheet SET location = NULL, accepted_date = NULL`);
    await t.db.query(`UPDATE settings SET value = '1' WHERE key = 'scoresheet_rules'`);
    await t.db.query(`DELETE FROM locations`);
    expect(await recalculateIfRulesChanged(t.db)).toBe(true);
    expect(await recalculateIfRulesChanged(t.db)).toBe(false);
    const rows: { patient_name: string; location: string | null }[] = (await get('/api/scoresheet'))
      .scoresheet;
    expect(rows.find((r) => r.patient_name === 'Ann Able')).toMatchObject({
      location: 'Main Street',
      accepted_date: '2026-01-20',
    });
    expect((await get('/api/dashboard/locations')).locations).toHaveLength(4);
  });
});
