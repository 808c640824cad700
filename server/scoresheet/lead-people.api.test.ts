import fc from 'fast-check';
import { attributeLeads, type LeadInput } from '../domain/leads';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// Who each lead is is worked out by the database (lead-people.ts) after a merge or a report, and by
// the reading thread as it reads a file whose leads become all the leads (uploads/store-leads.ts);
// `attributeLeads` says the rules as a pure function. Generated practices, their leads replaced,
// merged, replaced again and then a report imported over them, must come out the same every way:
// each lead's person, each person's first touch and phone, and who is known only from leads.

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

const FIRST = ['Ann', 'Bob', 'Cal', 'Dee', 'Eve'];
const LAST = ['Lee', 'Moss', 'Nash'];
// Few lines, so patients share them and leads reach them written every way a file writes them.
const PHONES = ['555-123-4567', '(555) 123-4567', '1-555-222-3333', '555 222 3333', '555-999', null];
const SOURCES = ['Google Ads', 'google ads', 'Radio', 'No lead', '', 'Referral'];

const person = fc.record({ first: fc.constantFrom(...FIRST), last: fc.constantFrom(...LAST) });
const phone = fc.constantFrom(...PHONES);
const reportRow = fc.record({ who: person, phone, day: fc.integer({ min: 1, max: 28 }) });
const leadRow = fc.record({
  who: person,
  phone,
  day: fc.integer({ min: 1, max: 28 }),
  source: fc.constantFrom(...SOURCES),
});
const practice = fc.record({
  report: fc.array(reportRow, { minLength: 1, maxLength: 12 }),
  first: fc.array(leadRow, { minLength: 1, maxLength: 15 }),
  second: fc.array(leadRow, { minLength: 1, maxLength: 15 }),
});

type Practice = typeof practice extends fc.Arbitrary<infer P> ? P : never;

const csvReport = (rows: Practice['report']) =>
  `Patient,Date,Code,Provider,Phone\n${rows
    .map((r) => `"${r.who.last}, ${r.who.first}",3/${r.day}/2025,D0150,Dr Adams,${r.phone ?? ''}`)
    .join('\n')}\n`;

const csvLeads = (rows: Practice['first']) =>
  `Lead Name,Created,Lead Source,Phone\n${rows
    .map((r) => `${r.who.first} ${r.who.last},1/${r.day}/2025,${r.source},${r.phone ?? ''}`)
    .join('\n')}\n`;

/** What the database stored, and what `attributeLeads` says of the same leads and patients. */
async function bothWays() {
  const leads = await t.db.query<LeadInput & { person_key: string }>(
    `SELECT patient_key, patient_name, to_char(lead_date, 'YYYY-MM-DD') AS lead_date, source, phone, person_key
     FROM leads ORDER BY id`,
  );
  const patients = await t.db.query<{ patient_key: string; phone: string | null }>(
    `SELECT patient_key, phone FROM patients p WHERE NOT lead_only
       AND (EXISTS (SELECT FROM procedures r WHERE r.patient_key = p.patient_key)
         OR EXISTS (SELECT FROM future_appointments a WHERE a.patient_key = p.patient_key))`,
  );
  const expected = attributeLeads(leads, patients);
  const stored = {
    personOf: leads.map((l) => l.person_key),
    people: await t.db.query(
      `SELECT person_key AS key, source, to_char(first_lead_date, 'YYYY-MM-DD') AS first_lead_date, phone
       FROM lead_people ORDER BY person_key`,
    ),
    own: await t.db.query(
      'SELECT patient_key AS key, patient_name AS name, phone FROM patients WHERE lead_only ORDER BY 1',
    ),
  };
  const people = [...expected.people.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  return {
    stored,
    expected: {
      personOf: expected.personOf,
      people: people.map(({ key, source, first_lead_date, phone }) => ({
        key,
        source,
        first_lead_date,
        phone,
      })),
      own: people.filter((p) => !p.matched).map(({ key, name, phone }) => ({ key, name, phone })),
    },
  };
}

async function importOk(kind: 'raw-data' | 'leads', name: string, content: string, replace: boolean) {
  const res = await upload(t, admin, kind, name, content, { replace: String(replace) });
  expect(res.statusCode, res.body).toBe(200);
}

describe('who each lead is, as stored', () => {
  it('agrees with the pure rules on generated practices, merged, replaced and under a new report', async () => {
    await fc.assert(
      fc.asyncProperty(practice, async ({ report, first, second }) => {
        await importOk('raw-data', 'report.csv', csvReport(report), true);
        await importOk('leads', 'leads.csv', csvLeads(first), true);
        const merged = await bothWays();
        expect(merged.stored).toEqual(merged.expected);
        await importOk('leads', 'more.csv', csvLeads(second), false);
        const more = await bothWays();
        expect(more.stored).toEqual(more.expected);
        await importOk('leads', 'other.csv', csvLeads(second), true);
        const replaced = await bothWays();
        expect(replaced.stored).toEqual(replaced.expected);
        await importOk('raw-data', 'again.csv', csvReport([...report].reverse()), true);
        const reported = await bothWays();
        expect(reported.stored).toEqual(reported.expected);
      }),
      { numRuns: 5, seed: 1927 },
    );
  });
});
