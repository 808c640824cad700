import { buildZip, minimalWorkbook } from '../file-reading/fixtures/zip-writer';
import { bearer, createTestContext, loadSamples, type TestContext } from '../test/harness';
import { REPORT_HEADER, REPORT_ROW } from '../test/hostile-files';
import { multipart, type UploadKind, upload } from '../test/upload';

// Uploads that once reached the database and failed there with a 500: each is a 4xx naming the
// problem, and nothing changes.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
  await loadSamples(t, admin);
});
afterAll(() => t.close());

const tables = async () =>
  (
    await t.db.query<{ p: number; a: number; l: number }>(
      `SELECT (SELECT count(*)::int FROM procedures) AS p, (SELECT count(*)::int FROM future_appointments) AS a,
              (SELECT count(*)::int FROM locations) AS l`,
    )
  )[0];

async function refused(kind: UploadKind, name: string, content: string | Buffer) {
  const before = await tables();
  const res = await upload(t, admin, kind, name, content, { replace: 'true' });
  expect(res.statusCode, res.body).toBe(422);
  expect(await tables()).toEqual(before);
  return res.json() as { error: string; skipped?: { row: number; reason: string }[] };
}

const csvLine = (cells: readonly string[]) => cells.map((c) => `"${c}"`).join(',');

describe('text no table can hold', () => {
  it('refuses a NUL in a CSV cell after the first 64 KB, naming its row', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => csvLine([`Patient ${i}`, ...REPORT_ROW.slice(1)]));
    rows.push(csvLine(['Bad\u0000Name', ...REPORT_ROW.slice(1)]));
    const text = `${csvLine(REPORT_HEADER)}\n${rows.join('\n')}\n`;
    expect(text.indexOf('\u0000')).toBeGreaterThan(64 * 1024);
    const body = await refused('raw-data', 'report.csv', text);
    expect(body.error).toBe('The file could not be read: row 2,002 holds a NUL character, which is not text');
  });

  it('refuses &#0; in a workbook cell', async () => {
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${REPORT_HEADER.map((h, c) => `<c r="${String.fromCharCode(65 + c)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row><row r="2">${REPORT_ROW.map((v, c) => `<c r="${String.fromCharCode(65 + c)}2" t="inlineStr"><is><t>${c === 0 ? 'Ann&#0;Smith' : v}</t></is></c>`).join('')}</row></sheetData></worksheet>`;
    const body = await refused('raw-data', 'report.xlsx', buildZip(minimalWorkbook(Buffer.from(sheet))));
    expect(body.error).toBe('The file could not be read: row 2 holds a NUL character, which is not text');
  });
});

describe('keys longer than an index row', () => {
  const long = 'L'.repeat(6000);

  it('skips a Full Arch Report row whose location is 6,000 characters', async () => {
    const row = [...REPORT_ROW.slice(0, 6), long];
    const body = await refused('raw-data', 'report.csv', `${csvLine(REPORT_HEADER)}\n${csvLine(row)}\n`);
    expect(body.skipped).toEqual([{ row: 2, reason: 'Location is longer than 200 characters' }]);
  });

  it('skips a Future Scheduled row whose location is 6,000 characters', async () => {
    const header = ['Patient', 'Appt Date', 'Code', 'Provider', 'Location'];
    const row = ['Smith, Ann', '12/1/2026', 'D6119', 'Dr. A', long];
    const body = await refused('future-scheduled', 'future.csv', `${csvLine(header)}\n${csvLine(row)}\n`);
    expect(body.skipped).toEqual([{ row: 2, reason: 'Location is longer than 200 characters' }]);
  });

  it('skips a row whose provider or code is 6,000 characters', async () => {
    const row = ['Smith, Ann', '3/4/2026', long, long, 'Exam', '90', 'Main'];
    const body = await refused('raw-data', 'report.csv', `${csvLine(REPORT_HEADER)}\n${csvLine(row)}\n`);
    expect(body.skipped).toEqual([
      {
        row: 2,
        reason: 'Procedure code is longer than 200 characters; Provider is longer than 200 characters',
      },
    ]);
  });
});

describe('multipart bodies that are not whole', () => {
  const post = (headers: Record<string, string>, payload: Buffer | string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import/raw-data',
      headers: { ...headers, ...bearer(admin) },
      payload,
    });

  it('answers 400 to a multipart upload without a boundary', async () => {
    const before = await tables();
    const body = multipart('report.csv', 'Patient\n');
    const res = await post({ 'content-type': 'multipart/form-data' }, body.payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('Send the file as multipart/form-data in a field named file');
    expect(await tables()).toEqual(before);
  });

  it('answers 400 to a multipart body cut short', async () => {
    const before = await tables();
    const body = multipart('report.csv', `${csvLine(REPORT_HEADER)}\n${csvLine(REPORT_ROW)}\n`, {
      replace: 'true',
    });
    const res = await post(body.headers, body.payload.subarray(0, body.payload.length - 60));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('The upload arrived incomplete; please try again');
    expect(await tables()).toEqual(before);
  });
});
