import { localDay } from '../../common/calendar-day';
import { bumpDataVersion } from '../db/versions';
import { refreshPatients } from '../scoresheet/recalculate';
import { activityCount, caller } from '../test/case-work';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext, withOwnOnly } from '../test/harness';
import { findRow, readBack, rowValues, sheet } from '../test/read-back';
import { upload } from '../test/upload';

/*
 * New leads on the worklist, and lead people in search, lookup and case work (docs/behaviour.md
 * section 19), as of 2026-06-01 with the default thresholds (new_lead 0):
 *   Ben Bell   accepted 2026-04-01; a lead 2026-02-15 (Referral)   awaiting_surgery, source Referral
 *   Gus Gray   consult 2026-05-20 only; a lead 2026-05-15           consulted: no stage
 *   Lena Lake  leads 2026-05-20 (Facebook, Lakeside) and 2026-05-31 (Google Ads, Main Street)
 *                                                                    new lead since 05-31 at Main Street
 *   Moe Mann   a lead 2026-05-31 (radio), no office, no phone        new lead, Unassigned
 *   Old Olsen  a lead 2026-02-01                                     closed after 90 days
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location,Phone
Ben Bell,3/1/2026,D0150,Dr Adams,Main Street,555-0201
Ben Bell,3/1/2026,FA-PRES-MAX,Dr Adams,Main Street,
Ben Bell,4/1/2026,FA-ACC-MAX,Dr Adams,Main Street,
Gus Gray,5/20/2026,D0150,Dr Baker,Lakeside,
`;
const AS_OF = '2026-06-01';
type LeadRow = [name: string, date: string, source: string, phone: string | null, location: string | null];
const LEADS: LeadRow[] = [
  ['Lena Lake', '2026-05-20', 'Facebook', null, 'Lakeside'],
  ['Lena Lake', '2026-05-31', 'Google Ads', '(555) 010-7777', 'Main Street'],
  ['Moe Mann', '2026-05-31', 'radio', null, null],
  ['Old Olsen', '2026-02-01', 'google ads', null, null],
  ['Gus Gray', '2026-05-15', 'Referral', null, null],
  ['Ben Bell', '2026-02-15', 'Referral', null, null],
];

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;
let call: ReturnType<typeof caller>;
const list = async (query = '', token = admin) => {
  const res = await call(token, 'GET', `/api/worklist?as_of=${AS_OF}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
type Listed = { patient_name: string; stage: string };
const names = (body: { patients: Listed[] }) => body.patients.map((p) => p.patient_name);
const leadNames = (body: { patients: Listed[] }) =>
  body.patients.filter((p) => p.stage === 'new_lead').map((p) => p.patient_name);

/** Stores leads as an import does: the rows, then who each one is, in one transaction. */
async function addLeads(rows: LeadRow[]) {
  await t.db.transaction(async (tx) => {
    for (const [name, date, source, phone, location] of rows)
      await tx.query(
        `INSERT INTO leads (patient_key, patient_name, lead_date, source, source_key, phone, location)
         VALUES (lower($1), $1, $2, $3, lower($3), $4, $5)`,
        [name, date, source, phone, location],
      );
    await refreshPatients(tx);
    await bumpDataVersion(tx);
  });
}

beforeAll(async () => {
  t = await createTestContext();
  call = caller(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('nl-manager', 'manager', 'manager-pass');
  await t.createUser('nl-provider', 'provider', 'provider-pass');
  await t.db.query(`UPDATE users SET provider_name = 'Dr Adams' WHERE username = 'nl-provider'`);
  manager = await t.login('nl-manager', 'manager-pass');
  provider = await t.login('nl-provider', 'provider-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  await addLeads(LEADS);
});
afterAll(() => t.close());

describe('new leads on GET /api/worklist', () => {
  it("lists yesterday's leads with no consult under New leads, with their source and phone", async () => {
    const body = await list();
    expect(body.counts).toEqual({
      awaiting_final: 0,
      awaiting_surgery: 1,
      pending_finance: 0,
      undecided: 0,
      new_lead: 2,
    });
    const leads = await list('&stage=new_lead');
    expect(names(leads)).toEqual(['Lena Lake', 'Moe Mann']);
    expect(leads.patients[0]).toMatchObject({
      provider: null,
      location: 'Main Street',
      stage: 'new_lead',
      since: '2026-05-31',
      days_waiting: 1,
      procedure_status: null,
      case_value: null,
      next_appointment: null,
      phone: '(555) 010-7777',
      source: 'Facebook',
      attempts: 0,
    });
    expect(leads.patients[1]).toMatchObject({ location: null, phone: null, source: 'radio' });
    // A patient in another stage stays in it, with the source of their lead.
    const ben = body.patients.find((p: Listed) => p.patient_name === 'Ben Bell');
    expect(ben).toMatchObject({ stage: 'awaiting_surgery', source: 'Referral', provider: 'Dr Adams' });
  });

  it('drops a lead once they consulted, and closes one older than 90 days', async () => {
    expect(leadNames(await list())).not.toContain('Gus Gray');
    expect(
      leadNames(await call(admin, 'GET', '/api/worklist?as_of=2026-05-19').then((r) => r.json())),
    ).toEqual(['Gus Gray']);
    expect(leadNames(await list())).not.toContain('Old Olsen');
    const early = (await call(admin, 'GET', '/api/worklist?as_of=2026-04-15&stage=new_lead')).json();
    expect(early.patients).toEqual([
      expect.objectContaining({ patient_name: 'Old Olsen', days_waiting: 73, source: 'Google Ads' }),
    ]);
  });

  it('leaves new leads out for a provider, and narrows them to their lead’s office', async () => {
    const adams = await list('&provider=Dr%20Adams');
    expect(names(adams)).toEqual(['Ben Bell']);
    expect(adams.counts.new_lead).toBe(0);
    expect(leadNames(await list('&location=main%20street'))).toEqual(['Lena Lake']);
    expect(leadNames(await list('&location=Unassigned'))).toEqual(['Moe Mann']);
    expect((await list('&location=Lakeside')).counts.new_lead).toBe(0);
  });

  it('exports the Source column, with empty provider and case value cells for a lead', async () => {
    const res = await t.app.inject({ url: `/api/export/worklist?as_of=${AS_OF}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const ws = sheet(await readBack(res.rawPayload), 'Follow-up Worklist');
    const header = rowValues(ws, 4);
    const column = (name: string) => header.indexOf(name) + 1;
    const lena = findRow(ws, 'Lena Lake');
    expect(ws.getCell(lena, column('Source')).value).toBe('Facebook');
    expect(ws.getCell(lena, column('Stage')).value).toBe('New leads');
    expect(ws.getCell(lena, column('Provider')).value).toBeNull();
    expect(ws.getCell(lena, column('Case Value')).value).toBeNull();
    expect(ws.getCell(findRow(ws, 'Ben Bell'), column('Source')).value).toBe('Referral');
  });
});

describe('the new_lead threshold', () => {
  it('is kept by a PUT that leaves it out, and changed by one that sets it', async () => {
    const put = (thresholds: object) =>
      call(manager, 'PUT', '/api/config/worklist-thresholds', { thresholds });
    const four = { awaiting_final: 180, awaiting_surgery: 30, pending_finance: 14, undecided: 14 };
    expect((await put({ ...four, new_lead: 3 })).statusCode).toBe(200);
    const kept = await put(four);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().thresholds).toEqual({ ...four, new_lead: 3 });
    expect((await list()).counts.new_lead).toBe(0);
    const wrong = await put({ ...four, new_lead: -1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/threshold must be between 0 and/);
    expect((await list()).thresholds.new_lead).toBe(3);
    expect((await put({ ...four, new_lead: 0 })).statusCode).toBe(200);
    expect((await list()).counts.new_lead).toBe(2);
  });
});

describe('lead people in search, lookup and case work', () => {
  it('finds a lead-only person in search and lookup, with their source and leads newest first', async () => {
    const search = await call(admin, 'GET', '/api/patient/search?q=lake');
    expect(search.json().patients).toEqual(['Lena Lake']);
    const res = await call(manager, 'GET', '/api/patient/lookup?name=lena%20lake');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      patient_name: 'Lena Lake',
      scoresheet: null,
      procedures: [],
      future_appointments: [],
      ignore_status: [],
      source: 'Facebook',
      leads: [
        { lead_date: '2026-05-31', source: 'Google Ads', location: 'Main Street' },
        { lead_date: '2026-05-20', source: 'Facebook', location: 'Lakeside' },
      ],
    });
  });

  it('logs a call for a lead, and a later follow-up takes them off the due list', async () => {
    const posted = await call(manager, 'POST', '/api/patient/activity', {
      patient_name: 'moe mann',
      kind: 'call',
      outcome: 'left_message',
      date: AS_OF,
      next_follow_up: '2026-06-04',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().activity.patient_name).toBe('Moe Mann');
    const after = await list();
    expect(leadNames(after)).toEqual(['Lena Lake']);
    expect(after.counts.new_lead).toBe(1);
    const snoozed = await list('&include_snoozed=true&stage=new_lead');
    expect(snoozed.patients.find((p: Listed) => p.patient_name === 'Moe Mann')).toMatchObject({
      attempts: 1,
      next_follow_up: '2026-06-04',
    });
    const kase = await call(manager, 'GET', '/api/patient/activity?name=Moe%20Mann');
    expect(kase.statusCode, kase.body).toBe(200);
    expect(kase.json()).toMatchObject({
      patient_name: 'Moe Mann',
      source: 'radio',
      leads: [{ lead_date: '2026-05-31', source: 'radio', location: null }],
    });
    expect(kase.json().activities).toHaveLength(1);
  });

  it('reads a fresh lead’s case from its lead day, and stands it on today’s list as a new lead', async () => {
    const today = localDay(new Date());
    await addLeads([['Nia Nash', today, 'Walk-in', '555 010 8888', null]]);
    const res = await call(manager, 'GET', '/api/patient/activity?name=Nia%20Nash');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      phone: '555 010 8888',
      source: 'Walk-in',
      worklist: { stage: 'new_lead', since: today, days_waiting: 0, listing: 'listed', listed_on: null },
    });
    // Ben has a scoresheet row and a lead: the lead gives his source, his stage stays his case's.
    const ben = (await call(manager, 'GET', '/api/patient/activity?name=Ben%20Bell')).json();
    expect(ben).toMatchObject({ source: 'Referral', leads: [{ lead_date: '2026-02-15' }] });
    expect(ben.worklist?.stage ?? null).not.toBe('new_lead');
  });

  it('hides lead-only people from a provider held to their own: no list, search, lookup or activity', async () => {
    await withOwnOnly(t, admin, async () => {
      const held = await list('', provider);
      expect(held.counts.new_lead).toBe(0);
      expect(names(held)).toEqual(['Ben Bell']);
      expect((await call(provider, 'GET', '/api/patient/search?q=lena')).json().patients).toEqual([]);
      const before = await activityCount(t);
      for (const [method, url, body] of [
        ['GET', '/api/patient/lookup?name=Lena%20Lake'],
        ['GET', '/api/patient/activity?name=Lena%20Lake'],
        ['POST', '/api/patient/activity', { patient_name: 'Lena Lake', kind: 'note', note: 'Called' }],
      ] as const) {
        const res = await call(provider, method, url, body);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ success: false, error: 'Patient not found' });
      }
      expect(await activityCount(t)).toBe(before);
      // Their own patient, with a lead, is theirs to look up, with the source.
      const own = await call(provider, 'GET', '/api/patient/lookup?name=Ben%20Bell');
      expect(own.json().data).toMatchObject({ source: 'Referral' });
    });
  });
});
