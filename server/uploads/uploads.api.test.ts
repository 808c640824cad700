import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode } from '../../common/api/error-codes';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { type UploadKind, upload } from '../test/upload';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../file-reading/fixtures', name));
const UNREADABLE = 'The file could not be read';

const REPORT = `Patient,Date,Code,Provider,Fee
"Smith, John",3/4/2025,D0150,Dr Adams,$100.00
John Smith,3/4/2025,FA-PRES-MAX,Dr Adams,
john  smith,3/20/2025,fa-acc-max ,Dr Adams,N/C
Jane Doe,13/45/2025,D0150,Dr Adams,
Jane Doe,4/1/2025,ZZ999,Dr Adams,
,4/1/2025,D0150,Dr Adams,
`;

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;

/** Every imported table's rows, to prove a refused upload changed nothing. */
async function snapshot() {
  const tables = ['procedures', 'future_appointments', 'ignore_list', 'scoresheet', 'patients', 'imports'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return out;
}

beforeAll(async () => {
  t = await createTestContext({ MAX_UPLOAD_MB: '1' });
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('mgr', 'manager');
  await t.createUser('prov', 'provider');
  manager = await t.login('mgr', 'secret123');
  provider = await t.login('prov', 'secret123');
});
afterAll(() => t.close());

describe('importing the Full Arch Report', () => {
  it('imports valid rows, reports skipped rows, warnings and unmapped codes, and recalculates', async () => {
    const res = await upload(t, manager, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, records_imported: 4, rows_skipped: 2 });
    expect(body.skipped.map((s: { row: number }) => s.row)).toEqual([5, 7]);
    expect(body.skipped[0].reason).toMatch(/date/i);
    expect(body.skipped[1].reason).toMatch(/patient/i);
    expect(body.warnings).toEqual([{ row: 4, reason: expect.stringMatching(/N\/C/) }]);
    expect(body.unmapped_codes).toEqual([{ code: 'ZZ999', count: 1 }]);
    const sheet = await t.app.inject({ url: '/api/scoresheet', headers: bearer(provider) });
    expect(sheet.json().scoresheet).toEqual([
      expect.objectContaining({
        patient_name: 'John Smith',
        provider: 'Dr Adams',
        score: 11,
        procedure_status: 'Consult, Presented Max, Accepted Max',
        win_loss: 'Won',
        no_of_arches: 1,
        case_value: 14995,
        consult_date: '2025-03-04',
        case_date: '2025-03-20',
      }),
    ]);
    const history = await t.app.inject({ url: '/api/import/history', headers: bearer(provider) });
    expect(history.json().imports[0]).toMatchObject({
      kind: 'raw-data',
      file_name: 'report.csv',
      username: 'mgr',
      rows_imported: 4,
      rows_skipped: 2,
    });
    const last = await t.app.inject({ url: '/api/dashboard/last-import-date', headers: bearer(provider) });
    expect(last.json().last_import_date).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('appends with replace=false and swaps with replace=true', async () => {
    const more = 'Patient,Date,Code,Provider\nAmy Adams,5/5/2025,D0150,Dr Baker\n';
    await upload(t, admin, 'raw-data', 'more.csv', more, { replace: 'false' });
    expect((await t.db.query('SELECT 1 FROM procedures')).length).toBe(5);
    await upload(t, admin, 'raw-data', 'more.csv', more, { replace: 'true' });
    expect((await t.db.query('SELECT 1 FROM procedures')).length).toBe(1);
    await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
  });
});

describe('rows skipped or warned, the rest imported', () => {
  it('skips a 10,000-character name, keeps a 10,000-character description, warns on an amount too large', async () => {
    const long = await upload(t, manager, 'raw-data', 'long-cells.csv', fixture('long-cells.csv'), {
      replace: 'true',
    });
    expect(long.statusCode, long.body).toBe(200);
    expect(long.json()).toMatchObject({
      records_imported: 1,
      skipped: [{ row: 3, reason: 'Patient name is longer than 200 characters' }],
    });
    const [kept] = await t.db.query<{ description: string }>('SELECT description FROM procedures');
    expect(kept.description).toHaveLength(10_000);

    const amounts =
      'Patient,Date,Code,Provider,Fee\nAl Wu,1/2/2025,D0150,Dr A,"$1,234,567,890,123"\nBo Li,1/2/2025,D0150,Dr A,$\n';
    const res = await upload(t, manager, 'raw-data', 'amounts.csv', amounts, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      records_imported: 2,
      warnings: [{ row: 2, reason: 'Amount "$1,234,567,890,123" is not a number' }],
    });
    expect(await t.db.query('SELECT amount FROM procedures ORDER BY id')).toEqual([
      { amount: null },
      { amount: 0 },
    ]);
    await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
  });
});

describe('refused uploads change nothing', () => {
  const cases: [string, string | Buffer, number, RegExp, ErrorCode][] = [
    [
      'notes.txt',
      'Patient,Date\n',
      415,
      /^Unsupported file type: use \.csv, \.xlsx or \.xls$/,
      'unsupported_file_type',
    ],
    ['empty.csv', '', 422, /^The file is empty$/, 'file_empty'],
    ['header-only.csv', 'Patient,Date,Code,Provider\n', 422, /no valid rows/, 'no_valid_rows'],
    [
      'no-code.csv',
      'Patient,Date,Provider\nJo,1/1/2025,Dr A\n',
      422,
      /^Missing required columns: Code \(found: Patient, Date, Provider\)$/,
      'missing_columns',
    ],
    [
      'bad-rows.csv',
      'Patient,Date,Code,Provider\nJo,someday,D0150,Dr A\n',
      422,
      /no valid rows/,
      'no_valid_rows',
    ],
    [
      'garbage.csv',
      Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 7, 8, 9]),
      422,
      /could not be read/,
      'file_unreadable',
    ],
    ['fake.xlsx', '%PDF-1.4 not really a workbook', 422, /could not be read/, 'file_unreadable'],
  ];
  it.each(cases)('%s', async (name, content, status, message, code) => {
    const before = await snapshot();
    const res = await upload(t, admin, 'raw-data', name, content, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message), code });
    expect(await snapshot()).toEqual(before);
  });

  // The bad-file corpus (server/file-reading/fixtures), each sent as a practice manager would send it.
  const corpus: [UploadKind, string, number, string, ErrorCode][] = [
    ['raw-data', 'notes.txt', 415, 'Unsupported file type: use .csv, .xlsx or .xls', 'unsupported_file_type'],
    ['raw-data', 'empty.csv', 422, 'The file is empty', 'file_empty'],
    [
      'raw-data',
      'header-only.csv',
      422,
      'The file has no valid rows to import; nothing was changed',
      'no_valid_rows',
    ],
    [
      'raw-data',
      'no-valid-rows.csv',
      422,
      'The file has no valid rows to import; nothing was changed',
      'no_valid_rows',
    ],
    ['raw-data', 'garbage.csv', 422, UNREADABLE, 'file_unreadable'],
    ['raw-data', 'pdf-renamed.xlsx', 422, UNREADABLE, 'file_unreadable'],
    ['raw-data', 'encrypted.xlsx', 422, UNREADABLE, 'file_unreadable'],
    ['raw-data', 'zip-bomb.xlsx', 422, UNREADABLE, 'file_unreadable'],
    ['raw-data', 'zip-liar.xlsx', 422, UNREADABLE, 'file_unreadable'],
    ['raw-data', 'not-a-workbook.xlsx', 422, UNREADABLE, 'file_unreadable'],
    ['raw-data', 'truncated.xlsx', 422, UNREADABLE, 'file_unreadable'],
    [
      'raw-data',
      'no-matching-header.xlsx',
      422,
      'Missing required columns: Patient, Date, Code, Provider (found: First, Last, When, What)',
      'missing_columns',
    ],
    [
      'raw-data',
      'header-too-low.csv',
      422,
      'Missing required columns: Patient, Date, Code, Provider (found: note 1)',
      'missing_columns',
    ],
    [
      'raw-data',
      'raw-missing-patient.csv',
      422,
      'Missing required columns: Patient (found: Date, Code, Provider)',
      'missing_columns',
    ],
    [
      'raw-data',
      'raw-missing-date.csv',
      422,
      'Missing required columns: Date (found: Patient, Code, Provider)',
      'missing_columns',
    ],
    [
      'raw-data',
      'raw-missing-code.csv',
      422,
      'Missing required columns: Code (found: Patient, Date, Provider)',
      'missing_columns',
    ],
    [
      'raw-data',
      'raw-missing-provider.csv',
      422,
      'Missing required columns: Provider (found: Patient, Date, Code)',
      'missing_columns',
    ],
    [
      'future-scheduled',
      'future-missing-code-provider.csv',
      422,
      'Missing required columns: Code, Provider (found: Patient, Appt Date, Status)',
      'missing_columns',
    ],
    [
      'future-scheduled',
      'raw-missing-patient.csv',
      422,
      'Missing required columns: Patient (found: Date, Code, Provider)',
      'missing_columns',
    ],
    ['future-scheduled', 'zip-bomb.xlsx', 422, UNREADABLE, 'file_unreadable'],
    [
      'ignore-list',
      'ignore-missing-year.csv',
      422,
      'Missing required columns: Year (found: Patient, Notes)',
      'missing_columns',
    ],
    [
      'ignore-list',
      'raw-missing-patient.csv',
      422,
      'Missing required columns: Patient, Year (found: Date, Code, Provider)',
      'missing_columns',
    ],
    ['ignore-list', 'encrypted.xlsx', 422, UNREADABLE, 'file_unreadable'],
  ];
  it.each(corpus)('%s %s: %d %s', async (kind, name, status, error, code) => {
    const before = await snapshot();
    for (const replace of ['true', 'false']) {
      const res = await upload(t, manager, kind, name, fixture(name), { replace });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, error, code });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a file over MAX_UPLOAD_MB is 413', async () => {
    const before = await snapshot();
    const big = `Patient,Date,Code,Provider\n${'Jo Smith,1/1/2025,D0150,Dr A\n'.repeat(50_000)}`;
    const res = await upload(t, admin, 'raw-data', 'big.csv', big, { replace: 'true' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/larger than the 1 MB upload limit/),
      code: 'file_too_large',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a bad replace value, a missing file and a JSON body are 400', async () => {
    const flag = await upload(t, admin, 'raw-data', 'r.csv', REPORT, { replace: 'yes' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json()).toMatchObject({ code: 'invalid_field', field: 'replace' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/import/raw-data',
      headers: bearer(admin),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('not_multipart');
  });

  it('providers cannot import (403) and nothing changes', async () => {
    const before = await snapshot();
    const res = await upload(t, provider, 'raw-data', 'report.csv', REPORT);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Only managers and admins/);
    expect(await snapshot()).toEqual(before);
  });

  it('without a token is 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/import/raw-data' });
    expect(res.statusCode).toBe(401);
  });
});

describe('future schedule and ignore list', () => {
  it('keeps TBD appointments and defaults the status', async () => {
    const file =
      'Patient,Appt Date,Code,Provider,Status\nJohn Smith,,D6119,Dr Adams,\nJane Roe,12/1/2026,D0150,Dr Adams,Confirmed\n';
    const res = await upload(t, manager, 'future-scheduled', 'future.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.query<{ appt_date: string | null; scheduled_status: string }>(
      'SELECT appt_date, scheduled_status FROM future_appointments ORDER BY id',
    );
    expect(rows).toEqual([
      { appt_date: null, scheduled_status: 'Scheduled' },
      { appt_date: '2026-12-01', scheduled_status: 'Confirmed' },
    ]);
  });

  it('merges the ignore list by default: one entry per patient and year, newer notes win', async () => {
    await upload(
      t,
      manager,
      'ignore-list',
      'ignore1.csv',
      'Patient,Year,Notes\nJohn Smith,2025,first\nJane Roe,2024,\n',
    );
    const res = await upload(
      t,
      manager,
      'ignore-list',
      'ignore2.csv',
      'Patient,Year,Notes\n"Smith, John",2025,second\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.query(
      'SELECT patient_key, year_code, notes FROM ignore_list ORDER BY patient_key',
    );
    expect(rows).toEqual([
      { patient_key: 'jane roe', year_code: '2024', notes: null },
      { patient_key: 'john smith', year_code: '2025', notes: 'second' },
    ]);
    await upload(t, manager, 'ignore-list', 'ignore3.csv', 'Patient,Year\nNew Person,2026\n', {
      replace: 'true',
    });
    expect(await t.db.query('SELECT patient_key FROM ignore_list')).toEqual([{ patient_key: 'new person' }]);
  });

  it('skips ignore rows with a bad year', async () => {
    const res = await upload(
      t,
      manager,
      'ignore-list',
      'ignore4.csv',
      'Patient,Year\nA Person,20x5\nB Person,2025\n',
    );
    expect(res.json()).toMatchObject({ records_imported: 1, rows_skipped: 1 });
    expect(res.json().skipped[0]).toEqual({ row: 2, reason: expect.stringMatching(/20x5/) });
  });
});

describe('configuration', () => {
  it('adds, renames and deletes code mappings with validation and recalculation', async () => {
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = manager) =>
      t.app.inject({ method, url, headers: bearer(token), payload });
    const missing = await call('POST', '/api/config/code-mappings', { proc_code: ' ', label: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Procedure code and label are required');
    expect(
      (await call('POST', '/api/config/code-mappings', { proc_code: 'x1', label: 'Y', value: -5 }))
        .statusCode,
    ).toBe(400);
    const huge = await call('POST', '/api/config/code-mappings', {
      proc_code: 'x1',
      label: 'Y',
      value: 1e13,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('Value must be less than 1,000,000,000,000');
    expect(
      (await call('POST', '/api/config/code-mappings', { proc_code: 'd0150', label: 'Consult' })).statusCode,
    ).toBe(409);
    const added = await call('POST', '/api/config/code-mappings', {
      proc_code: ' zz999 ',
      label: 'Consult',
      value: '',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().code_mapping).toEqual({ proc_code: 'ZZ999', label: 'Consult', value: null });
    expect(
      (await call('PUT', '/api/config/code-mappings/zz999', { proc_code: 'D0150', label: 'X' })).statusCode,
    ).toBe(409);
    expect(
      (await call('PUT', '/api/config/code-mappings/NOPE', { proc_code: 'NOPE', label: 'X' })).statusCode,
    ).toBe(404);
    const renamed = await call('PUT', '/api/config/code-mappings/ZZ999', {
      proc_code: 'ZZ998',
      label: 'Crown',
      value: 12.5,
    });
    expect(renamed.json().code_mapping).toEqual({ proc_code: 'ZZ998', label: 'Crown', value: 12.5 });
    expect((await call('DELETE', '/api/config/code-mappings/zz998')).statusCode).toBe(200);
    expect((await call('DELETE', '/api/config/code-mappings/zz998')).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/config/code-mappings', { proc_code: 'A', label: 'B' }, provider)).statusCode,
    ).toBe(403);
  });

  it('initialize is idempotent and restores a deleted default', async () => {
    await t.app.inject({ method: 'DELETE', url: '/api/config/code-mappings/D0801', headers: bearer(admin) });
    const res = await t.app.inject({ method: 'POST', url: '/api/initialize', headers: bearer(admin) });
    expect(res.json()).toMatchObject({
      success: true,
      message: 'System initialized with default mappings',
      code_mappings_added: 1,
      mapping_values: 2047,
    });
    const again = await t.app.inject({ method: 'POST', url: '/api/initialize', headers: bearer(admin) });
    expect(again.json().code_mappings_added).toBe(0);
    const values = await t.app.inject({ url: '/api/config/mapping-values', headers: bearer(provider) });
    const list = values.json().mapping_values as { win_loss: string; case_value: number }[];
    expect(list).toHaveLength(2047);
    expect(list.reduce((s, v) => s + v.case_value, 0)).toBe(54_341_880);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/initialize', headers: bearer(provider) })).statusCode,
    ).toBe(403);
  });

  it('records imports and configuration changes in the audit log', async () => {
    const res = await t.app.inject({ url: '/api/audit?limit=200', headers: bearer(admin) });
    const actions = new Set(res.json().events.map((e: { action: string }) => e.action));
    for (const a of [
      'import',
      'code_mapping_added',
      'code_mapping_updated',
      'code_mapping_deleted',
      'system_initialized',
    ]) {
      expect(actions).toContain(a);
    }
  });
});
