import { createTestContext, loadSamples, type TestContext } from '../test/harness';
import { htmlTable, spreadsheetMl, xlsxWithCells, xlsxWithManySharedStrings } from '../test/hostile-files';
import { upload } from '../test/upload';

// A workbook states where its cells are; the reader must not trust it. Each file here is a few
// kilobytes that, read naively, would ask for gigabytes (or stop the process): each is refused
// with a 422 before anything is allocated for what it declares, and nothing changes.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ MAX_IMPORT_ROWS: '100000' });
  admin = await t.login('admin', 'admin-pass');
  await loadSamples(t, admin);
});
afterAll(() => t.close());

const tables = async () =>
  (
    await t.db.query<{ p: number; s: number }>(
      'SELECT (SELECT count(*)::int FROM procedures) AS p, (SELECT count(*)::int FROM scoresheet) AS s',
    )
  )[0];

async function refused(name: string, content: string | Buffer, error: string | RegExp) {
  const before = await tables();
  const res = await upload(t, admin, 'raw-data', name, content, { replace: 'true' });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().error).toMatch(error);
  expect(await tables()).toEqual(before);
  // The server still answers.
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
}

describe('Excel 2003 XML saved as .xls', () => {
  it.each([100_000_000, 1_000_000_000, 16_385])('refuses a cell at column %i', async (index) => {
    await refused(
      'report.xls',
      spreadsheetMl(`<Cell ss:Index="${index}"><Data ss:Type="String">x</Data></Cell>`),
      /column/i,
    );
  });

  it('refuses a row past the last row a sheet may have', async () => {
    await refused(
      'report.xls',
      spreadsheetMl('', '<Row ss:Index="1048577"><Cell><Data ss:Type="String">x</Data></Cell></Row>'),
      /row/i,
    );
  });

  it('refuses a row past MAX_IMPORT_ROWS', async () => {
    await refused(
      'report.xls',
      spreadsheetMl('', '<Row ss:Index="200000"><Cell><Data ss:Type="String">x</Data></Cell></Row>'),
      /100,000 rows/,
    );
  });

  it('refuses a cell merged across past the last column', async () => {
    await refused(
      'report.xls',
      spreadsheetMl('<Cell ss:MergeAcross="20000000"><Data ss:Type="String">x</Data></Cell>'),
      /column/i,
    );
  });

  it('still reads a cell placed by a sane index', async () => {
    const res = await upload(
      t,
      admin,
      'raw-data',
      'report.xls',
      spreadsheetMl('<Cell ss:Index="12"><Data ss:Type="String">far</Data></Cell>'),
      { replace: 'false' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().records_imported).toBe(1);
  });
});

describe('HTML saved as .xls', () => {
  it('refuses a cell spanning past the last column', async () => {
    await refused('report.xls', htmlTable('<td colspan="100000000">x</td>'), /column/i);
  });

  it('refuses a cell spanning past the last row', async () => {
    await refused('report.xls', htmlTable('<td rowspan="2000000000">x</td>'), /row/i);
  });
});

describe('XLSX', () => {
  it('refuses a cell reference past column XFD, naming the cell', async () => {
    await refused(
      'report.xlsx',
      xlsxWithCells('<c r="ZZZZZZ2" t="inlineStr"><is><t>x</t></is></c>'),
      /ZZZZZZ2/,
    );
  });

  it('refuses a row past the last row a sheet may have', async () => {
    await refused(
      'report.xlsx',
      xlsxWithCells('', '<row r="1048577"><c r="A1048577" t="inlineStr"><is><t>x</t></is></c></row>'),
      /row/i,
    );
  });

  it('refuses a row past MAX_IMPORT_ROWS', async () => {
    await refused(
      'report.xlsx',
      xlsxWithCells('', '<row r="200000"><c r="A200000" t="inlineStr"><is><t>x</t></is></c></row>'),
      /100,000 rows/,
    );
  });

  it('refuses a shared-strings part of 125 million empty items before holding them', async () => {
    const before = process.memoryUsage().rss;
    await refused('report.xlsx', xlsxWithManySharedStrings(125_000_000), /^The file could not be read$/);
    // Memory grows with what the sheets can use, not with what the strings part holds.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
