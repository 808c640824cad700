/** The return by source (docs/behaviour.md section 19): figures known by hand, a location, and who may see them. */
import { NO_LEAD } from '../../common/api/marketing';
import { bumpDataVersion } from '../db/versions';
import { leadSource, sourceKey } from '../domain/leads';
import { displayName, patientKey } from '../domain/names';
import { refreshPatients } from '../scoresheet/recalculate';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

/*
 * 2026, counted through June (as of 2026-06-15):
 * - Ann: Google Ads lead 01-02 (her name), consult 01-05 (3 days), accepted 01-10: 1 arch, $14,995. Main Street.
 * - Ben: a Facebook lead 02-20 as "Benny B" with his phone, consult 03-01 (9 days). Lakeside.
 * - Cal: consult 02-01, his Facebook lead only on 02-15: No lead. Main Street.
 * - Dot: no lead; consult 04-01, accepted 04-05: 1 arch, $14,995. Lakeside.
 * - Zed: a Google Ads lead 03-01 at Lakeside, never seen. Eve: 'google ads' 07-01, after June.
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location,Phone
Ann Adamson,1/5/2026,D0150,Dr Adams,Main Street,
Ann Adamson,1/10/2026,FA-ACC-MAX,Dr Adams,Main Street,
Ben Benson,3/1/2026,D0150,Dr Adams,Lakeside,555-123-4567
Cal Carlson,2/1/2026,D0150,Dr Baker,Main Street,
Dot Dawson,4/1/2026,D0150,Dr Baker,Lakeside,
Dot Dawson,4/5/2026,FA-ACC-MAX,Dr Baker,Lakeside,
`;

const LEADS: [name: string, date: string, source: string, phone: string | null, location: string | null][] = [
  ['Ann Adamson', '2026-01-02', 'Google Ads', null, null],
  ['Cal Carlson', '2026-02-15', 'Facebook', null, null],
  ['Benny B', '2026-02-20', 'Facebook', '(555) 123-4567', null],
  ['Zed Zimmer', '2026-03-01', 'Google Ads', null, 'Lakeside'],
  ['Eve Evans', '2026-07-01', 'google ads', null, null],
];

const monthly = (n: number) => Array<number>(12).fill(n);

let t: TestContext;
let admin: string;
let coordinator: string;
let provider: string;

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

/** Puts the leads in as an import would: rows of `leads`, the patients rebuilt, the data version moved on. */
async function putLeads() {
  await t.db.transaction(async (tx) => {
    for (const [name, date, raw, phone, location] of LEADS) {
      const source = leadSource(raw);
      await tx.query(
        `INSERT INTO leads (patient_key, patient_name, lead_date, source, source_key, phone, location)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [patientKey(name), displayName(name), date, source, sourceKey(source), phone, location],
      );
    }
    await refreshPatients(tx);
    await bumpDataVersion(tx);
  });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
  await t.createUser('mr-coordinator', 'coordinator', 'coordinator-pass');
  coordinator = await t.login('mr-coordinator', 'coordinator-pass');
  await t.createUser('mr-provider', 'provider', 'provider-pass');
  provider = await t.login('mr-provider', 'provider-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  await putLeads();
  const spend = await t.app.inject({
    method: 'PUT',
    url: '/api/config/marketing-spend',
    headers: bearer(admin),
    payload: {
      year: 2026,
      spend: [
        { source: 'GOOGLE ADS', months: monthly(1000) },
        { source: 'Facebook', months: monthly(500) },
        // Nothing spent through June: no row.
        { source: 'Radio', months: [0, 0, 0, 0, 0, 0, 200, 0, 0, 0, 0, 0] },
      ],
    },
  });
  expect(spend.statusCode, spend.body).toBe(200);
});
afterAll(() => t.close());

const none = {
  spend: null,
  leads: 0,
  consults: 0,
  won: 0,
  arches: 0,
  arch_value: 0,
  cost_per_lead: null,
  cost_per_consult: null,
  cost_per_arch: null,
  value_per_dollar: null,
  median_days_to_consult: null,
};

describe('GET /api/dashboard/marketing', () => {
  it('answers every source’s figures through the month of as_of, then No lead, and the totals', async () => {
    const res = await get(admin, '/api/dashboard/marketing?year=2026&as_of=2026-06-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      year: 2026,
      through: '2026-06',
      spend_included: true,
      sources: [
        {
          source: 'Facebook',
          ...none,
          spend: 3000,
          // Cal's and Ben's (found by his phone).
          leads: 2,
          consults: 1,
          cost_per_lead: 1500,
          cost_per_consult: 3000,
          value_per_dollar: 0,
          median_days_to_consult: 9,
        },
        {
          // As the leads first spelled it, not as the spend.
          source: 'Google Ads',
          spend: 6000,
          // Ann's and Zed's; Eve's is in July.
          leads: 2,
          consults: 1,
          won: 1,
          arches: 1,
          arch_value: 14995,
          cost_per_lead: 3000,
          cost_per_consult: 6000,
          cost_per_arch: 6000,
          // 14,995 / 6,000 = 2.499...
          value_per_dollar: 2.5,
          median_days_to_consult: 3,
        },
        { source: NO_LEAD, ...none, consults: 2, won: 1, arches: 1, arch_value: 14995 },
      ],
      totals: {
        spend: 9000,
        leads: 4,
        consults: 4,
        won: 2,
        arches: 2,
        arch_value: 29990,
        cost_per_lead: 2250,
        cost_per_consult: 2250,
        cost_per_arch: 4500,
        // 29,990 / 9,000 = 3.332...
        value_per_dollar: 3.33,
        median_days_to_consult: 6,
      },
    });
  });

  it('with a location, counts leads at their office or their patient’s, and leaves spend out', async () => {
    const res = await get(admin, '/api/dashboard/marketing?year=2026&as_of=2026-06-15&location=lakeside');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      year: 2026,
      through: '2026-06',
      spend_included: false,
      sources: [
        // Ben's lead has no office: his patient's, Lakeside.
        { source: 'Facebook', ...none, leads: 1, consults: 1, median_days_to_consult: 9 },
        // Zed's, at Lakeside by the lead itself.
        { source: 'Google Ads', ...none, leads: 1 },
        { source: NO_LEAD, ...none, consults: 1, won: 1, arches: 1, arch_value: 14995 },
      ],
      totals: {
        ...none,
        leads: 2,
        consults: 2,
        won: 1,
        arches: 1,
        arch_value: 14995,
        median_days_to_consult: 9,
      },
    });
  });

  it('counts nothing of a year after as_of’s', async () => {
    const res = await get(coordinator, '/api/dashboard/marketing?year=2027&as_of=2026-06-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ through: null, sources: [], totals: { spend: 0, leads: 0 } });
  });

  it('refuses a provider with 403', async () => {
    const res = await get(provider, '/api/dashboard/marketing?year=2026');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'Only managers, coordinators and admins can see marketing spend and return',
      code: 'forbidden',
    });
  });

  it.each([
    ['year=1999', 'year must be a year from 2000 to 2100'],
    ['year=2101', 'year must be a year from 2000 to 2100'],
    ['year=next', 'year must be a year from 2000 to 2100'],
    ['year=2026&as_of=2026-02-30', 'as_of must be a date written YYYY-MM-DD'],
    ['year=2026&as_of=06/15/2026', 'as_of must be a date written YYYY-MM-DD'],
  ])('answers %s with 400 naming it', async (query, error) => {
    const res = await get(admin, `/api/dashboard/marketing?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error });
  });
});
