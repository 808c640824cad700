import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { confirmPreview, upload } from '../test/upload';

// The Leads file (docs/behaviour.md section 19): imported as the other files are (section 2), each
// lead stored once, and who each lead is worked out against the patients of the two reports.

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;
let coordinator: string;

// Patients of the Full Arch Report, with their phones: the Lees share a line.
const REPORT = `Patient,Date,Code,Provider,Phone
"Smith, John",3/4/2025,D0150,Dr Adams,555-123-4567
Jane Doe,3/5/2025,D0150,Dr Adams,(555) 222-3333
Ann Lee,3/6/2025,D0150,Dr Adams,555-999-0000
Bob Lee,3/7/2025,D0150,Dr Adams,555 999 0000
`;

// John by his name; Janet only by Jane's phone (eleven digits, a leading 1); Sam by the Lees'
// shared line, which matches no one; Zed with no source; row 6 the same lead as row 2.
const LEADS = `Lead Name,Created,Lead Source,Phone,Email,Office
John Smith,1/5/2025,Google  Ads,,john@example.com,Main
Janet D,1/6/2025,facebook,1-555-222-3333,,North
Sam Lee,1/7/2025,Radio,555.999.0000,,
Zed Zulu,1/8/2025,No lead,,,
" john  smith ",1/5/2025,GOOGLE ADS,555-000-1111,other@example.com,South
`;

/** The leads as stored, in their order. */
const storedLeads = () =>
  t.db.query<Record<string, unknown>>(
    `SELECT patient_key, patient_name, lead_date, source, source_key, phone, email, location, person_key
     FROM leads ORDER BY id`,
  );

/** Every table an import could change, and the audit log. */
async function snapshot() {
  const tables = [
    'procedures',
    'future_appointments',
    'ignore_list',
    'leads',
    'scoresheet',
    'patients',
    'imports',
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  out.audit = await t.db.query('SELECT count(*)::int AS n FROM audit_log');
  out.settings = await t.db.query('SELECT key, value FROM settings ORDER BY key');
  return out;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('ld-mgr', 'manager');
  await t.createUser('ld-prov', 'provider');
  await t.createUser('ld-coord', 'coordinator');
  manager = await t.login('ld-mgr', 'secret123');
  provider = await t.login('ld-prov', 'secret123');
  coordinator = await t.login('ld-coord', 'secret123');
  const report = await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
  expect(report.statusCode, report.body).toBe(200);
});
afterAll(() => t.close());

describe('importing a Leads file', () => {
  it('stores each lead once, counts every row, and matches leads to patients by key, else by phone', async () => {
    const res = await upload(t, manager, 'leads', 'leads.csv', LEADS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      records_imported: 5,
      rows_skipped: 0,
      skipped: [],
      warnings: [],
      unmapped_codes: [],
    });
    // The repeated lead is stored once, with the earlier row's values.
    expect(await storedLeads()).toEqual([
      {
        patient_key: 'john smith',
        patient_name: 'John Smith',
        lead_date: '2025-01-05',
        source: 'Google Ads',
        source_key: 'google ads',
        phone: null,
        email: 'john@example.com',
        location: 'Main',
        person_key: 'john smith',
      },
      {
        patient_key: 'janet d',
        patient_name: 'Janet D',
        lead_date: '2025-01-06',
        source: 'facebook',
        source_key: 'facebook',
        phone: '1-555-222-3333',
        email: null,
        location: 'North',
        person_key: 'jane doe',
      },
      {
        patient_key: 'sam lee',
        patient_name: 'Sam Lee',
        lead_date: '2025-01-07',
        source: 'Radio',
        source_key: 'radio',
        phone: '555.999.0000',
        email: null,
        location: null,
        person_key: 'sam lee',
      },
      {
        patient_key: 'zed zulu',
        patient_name: 'Zed Zulu',
        lead_date: '2025-01-08',
        source: 'Unknown',
        source_key: 'unknown',
        phone: null,
        email: null,
        location: null,
        person_key: 'zed zulu',
      },
    ]);
    expect(
      await t.db.query(
        `SELECT p.patient_key, l.source, l.first_lead_date, p.lead_only, coalesce(p.phone, l.phone) AS phone
         FROM patients p LEFT JOIN lead_people l ON l.person_key = p.patient_key ORDER BY p.patient_key`,
      ),
    ).toEqual([
      {
        patient_key: 'ann lee',
        source: null,
        first_lead_date: null,
        lead_only: false,
        phone: '555-999-0000',
      },
      {
        patient_key: 'bob lee',
        source: null,
        first_lead_date: null,
        lead_only: false,
        phone: '555 999 0000',
      },
      {
        patient_key: 'jane doe',
        source: 'facebook',
        first_lead_date: '2025-01-06',
        lead_only: false,
        phone: '(555) 222-3333',
      },
      {
        patient_key: 'john smith',
        source: 'Google Ads',
        first_lead_date: '2025-01-05',
        lead_only: false,
        phone: '555-123-4567',
      },
      {
        patient_key: 'sam lee',
        source: 'Radio',
        first_lead_date: '2025-01-07',
        lead_only: true,
        phone: '555.999.0000',
      },
      {
        patient_key: 'zed zulu',
        source: 'Unknown',
        first_lead_date: '2025-01-08',
        lead_only: true,
        phone: null,
      },
    ]);
    // Leads' offices are not offices of the practice.
    const locations = await t.db.query<{ location: string }>('SELECT location FROM locations');
    expect(locations.map((l) => l.location)).not.toContain('Main');
    const history = await t.app.inject({ url: '/api/import/history', headers: bearer(provider) });
    expect(history.json().imports[0]).toMatchObject({
      kind: 'leads',
      file_name: 'leads.csv',
      username: 'ld-mgr',
      rows_imported: 5,
      rows_skipped: 0,
      replace: false,
    });
  });

  it('changes nothing when the same file is merged again', async () => {
    const before = await storedLeads();
    const res = await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().records_imported).toBe(5);
    expect(await storedLeads()).toEqual(before);
  });

  it('appends new leads when merging, and swaps every lead when replacing', async () => {
    const more = 'Lead,Date,Source\nAmy Adams,2/2/2025,Radio\nJohn Smith,2/3/2025,Radio\n';
    await upload(t, manager, 'leads', 'more.csv', more, { replace: 'false' });
    const merged = await storedLeads();
    expect(merged.map((l) => l.patient_key)).toEqual([
      'john smith',
      'janet d',
      'sam lee',
      'zed zulu',
      'amy adams',
      'john smith',
    ]);
    // John's first touch stays his earliest lead's.
    const [john] = await t.db.query('SELECT source, first_lead_date FROM lead_people WHERE person_key = $1', [
      'john smith',
    ]);
    expect(john).toEqual({ source: 'Google Ads', first_lead_date: '2025-01-05' });

    const res = await upload(t, manager, 'leads', 'more.csv', more, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedLeads()).map((l) => [l.patient_key, l.lead_date])).toEqual([
      ['amy adams', '2025-02-02'],
      ['john smith', '2025-02-03'],
    ]);
    // The people known only from the leads replaced are gone with them.
    const leadOnly = await t.db.query<{ patient_key: string }>(
      'SELECT patient_key FROM patients WHERE lead_only ORDER BY patient_key',
    );
    expect(leadOnly.map((p) => p.patient_key)).toEqual(['amy adams']);
    await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'true' });
  });

  it('keeps the row of a name only on the Ignore List, whether its leads are merged or replace all', async () => {
    const ignore = await upload(
      t,
      manager,
      'ignore-list',
      'ignore.csv',
      'Patient,Year,Notes\n"Zulu, Zed",2024,\n',
    );
    expect(ignore.statusCode, ignore.body).toBe(200);
    const zed = () =>
      t.db.query(
        `SELECT p.patient_name, p.lead_only, l.source, l.first_lead_date, l.phone FROM patients p
         LEFT JOIN lead_people l ON l.person_key = p.patient_key WHERE p.patient_key = 'zed zulu'`,
      );
    const listed = [
      {
        patient_name: 'Zed Zulu',
        lead_only: false,
        source: 'Unknown',
        first_lead_date: '2025-01-08',
        phone: null,
      },
    ];
    // Replacing every lead: who they are is worked out as the file is read.
    await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'true' });
    expect(await zed()).toEqual(listed);
    // Merging a lead more: worked out again by the database, the same.
    const more = 'Lead,Date,Source\nZed Zulu,2/2/2025,Radio\n';
    await upload(t, manager, 'leads', 'more.csv', more, { replace: 'false' });
    expect(await zed()).toEqual(listed);
    await t.db.query('DELETE FROM ignore_list');
    await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'true' });
  });

  it('reads a First Name and a Last Name column as the name', async () => {
    const file =
      'First Name,Last Name,Inquiry Date,Channel\nJohn,Smith,2025-04-01,Radio\n,,4/2/2025,Radio\nCher,,4/3/2025,TV\n';
    const res = await upload(t, manager, 'leads', 'names.xls.csv', file, { replace: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      records_imported: 2,
      skipped: [{ row: 3, reason: 'Missing patient name' }],
    });
    const added = await t.db.query(
      'SELECT patient_key, source FROM leads WHERE lead_date >= $1 ORDER BY id',
      ['2025-04-01'],
    );
    expect(added).toEqual([
      { patient_key: 'john smith', source: 'Radio' },
      { patient_key: 'cher', source: 'TV' },
    ]);
    await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'true' });
  });

  it('skips a row with a bad date or none, and imports the rest', async () => {
    const file = 'Patient,Lead Date,Source\nAl Wu,13/45/2025,Radio\nBo Li,,Radio\nCy Ng,5/5/2025,Radio\n';
    const res = await upload(t, manager, 'leads', 'dates.csv', file, { replace: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      records_imported: 1,
      rows_skipped: 2,
      skipped: [
        { row: 2, reason: 'Invalid lead date "13/45/2025"' },
        { row: 3, reason: 'Missing lead date' },
      ],
    });
    const keys = await t.db.query<{ patient_key: string }>('SELECT patient_key FROM leads');
    expect(keys.map((k) => k.patient_key)).toContain('cy ng');
    expect(keys.map((k) => k.patient_key)).not.toContain('al wu');
    await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'true' });
  });
});

describe('a preview of a Leads file', () => {
  it('says what the import will do, changes nothing, and imports by preview_id', async () => {
    const before = await snapshot();
    const leadsBefore = await storedLeads();
    const res = await upload(t, manager, 'leads', 'leads.csv', LEADS, { replace: 'true', dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dry_run: true,
      records_imported: 5,
      replace: true,
      replaces: 4,
      date_range: { from: '2025-01-05', to: '2025-01-08' },
      past_dates: null,
      looks_like: null,
      cautions: [],
    });
    expect(await snapshot()).toEqual(before);
    const done = await confirmPreview(t, manager, 'leads', { preview_id: body.preview_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().records_imported).toBe(5);
    // The same leads again, in place of those stored.
    expect(await storedLeads()).toEqual(leadsBefore);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
    expect(n).toBe(4);
    const history = await t.app.inject({ url: '/api/import/history', headers: bearer(admin) });
    expect(history.json().imports[0]).toMatchObject({ kind: 'leads', replace: true, rows_imported: 5 });
  });

  it('says a Future Scheduled file is one', async () => {
    const file = 'Patient,Appt Date,Code,Provider,Status\nAl Wu,5/5/2030,D0150,Dr A,Scheduled\n';
    const res = await upload(t, manager, 'leads', 'future.csv', file, { dry_run: 'true' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(
      'Missing required columns: Lead Date, Source (found: Patient, Appt Date, Code, Provider, Status). These headers look like a Future Scheduled file, not a Leads file.',
    );
  });
});

describe('refused Leads files change nothing', () => {
  it('a file without a source column is 422 naming it', async () => {
    const before = await snapshot();
    const res = await upload(
      t,
      manager,
      'leads',
      'nosource.csv',
      'Lead Name,Created,Phone\nAl Wu,1/1/2025,5551112222\n',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Missing required columns: Source (found: Lead Name, Created, Phone)',
      code: 'missing_columns',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a file with no valid row is 422 with its skipped rows', async () => {
    const before = await snapshot();
    const res = await upload(
      t,
      manager,
      'leads',
      'bad.csv',
      'Patient,Date,Source\nAl Wu,someday,Radio\n,1/1/2025,Radio\n',
      {
        replace: 'true',
      },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'The file has no valid rows to import; nothing was changed',
      rows_skipped: 2,
      skipped: [
        { row: 2, reason: 'Invalid lead date "someday"' },
        { row: 3, reason: 'Missing patient name' },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('an encrypted workbook is 422, as for any file', async () => {
    const before = await snapshot();
    const encrypted = readFileSync(join(import.meta.dirname, '../file-reading/fixtures/encrypted.xlsx'));
    const res = await upload(t, manager, 'leads', 'leads.xlsx', encrypted, { replace: 'true' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/^The file could not be read/),
      code: 'file_unreadable',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a file of another type is 415', async () => {
    const before = await snapshot();
    const res = await upload(t, manager, 'leads', 'leads.txt', LEADS);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Unsupported file type: use .csv, .xlsx or .xls');
    expect(await snapshot()).toEqual(before);
  });

  it('providers and coordinators cannot import leads (403)', async () => {
    const before = await snapshot();
    for (const token of [provider, coordinator]) {
      const res = await upload(t, token, 'leads', 'leads.csv', LEADS, { replace: 'true' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/Only managers and admins/);
    }
    expect(await snapshot()).toEqual(before);
  });
});
