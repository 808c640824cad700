import { join } from 'node:path';
import { ImportFileError, type ImportKind, readImportFile } from './index';

const fixture = (name: string): string => join(__dirname, 'fixtures', name);

async function readAll<K extends ImportKind>(name: string, kind: K, fileName = name, batchSize?: number) {
  const batches = [];
  for await (const batch of readImportFile(fixture(name), fileName, kind, batchSize)) batches.push(batch);
  return {
    batches,
    records: batches.flatMap((b) => b.records),
    skipped: batches.flatMap((b) => b.skipped),
    warnings: batches.flatMap((b) => b.warnings),
  };
}

/** The error a file gives, which must come from the very first `next()`. */
async function refusal(name: string, kind: ImportKind, fileName = name): Promise<ImportFileError> {
  const error = await readImportFile(fixture(name), fileName, kind)
    .next()
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

const UNREADABLE = { status: 422, message: 'The file could not be read' };

const SAME_DATA = {
  records: [
    {
      row: 4,
      patient_name: 'John Smith',
      patient_key: 'john smith',
      date: '2025-03-04',
      code: 'D6114',
      provider: 'Dr. Adams',
      description: 'Implant, upper',
      amount: 14995,
      location: 'Main',
      phone: null,
    },
    {
      row: 5,
      patient_name: 'mary jones',
      patient_key: 'mary jones',
      date: '2025-01-15',
      code: 'D0150',
      provider: 'Dr. Baker',
      description: 'Consult "new"',
      amount: -12.5,
      location: null,
      phone: null,
    },
    {
      row: 6,
      patient_name: 'José Núñez',
      patient_key: 'josé núñez',
      date: '2024-02-29',
      code: 'D9310',
      provider: 'Dr. Baker',
      description: 'line one\nline two',
      amount: 0,
      location: 'North',
      phone: null,
    },
    {
      row: 10,
      patient_name: 'Ann Lee',
      patient_key: 'ann lee',
      date: '2025-06-30',
      code: 'D0801',
      provider: 'Dr. Adams',
      description: null,
      amount: null,
      location: null,
      phone: null,
    },
  ],
  skipped: [
    { row: 7, reason: 'Missing patient name' },
    { row: 9, reason: 'Invalid date "2025-13-45"' },
  ],
  warnings: [{ row: 10, reason: 'Amount "N/C" is not a number' }],
};

describe('readImportFile: the same data as CSV, XLSX and XLS', () => {
  it.each(['same-data.csv', 'same-data.xlsx', 'same-data.xls'])('%s gives the same records', async (name) => {
    const { records, skipped, warnings } = await readAll(name, 'raw-data');
    expect({ records, skipped, warnings }).toEqual(SAME_DATA);
  });

  it('decides by content, not by name, and takes the extension in any case', async () => {
    const { records } = await readAll('same-data.csv', 'raw-data', 'REPORT.XLSX');
    expect(records).toEqual(SAME_DATA.records);
    expect((await readAll('same-data.xlsx', 'raw-data', 'Report.XLS')).records).toEqual(SAME_DATA.records);
  });

  it('yields batches of at most batchSize records', async () => {
    const { batches, records, skipped } = await readAll('same-data.csv', 'raw-data', 'same-data.csv', 2);
    // Rows 7 and 9 are skipped: issues fill a batch too, so a file of bad rows streams as well.
    expect(batches.map((b) => [b.records.length, b.skipped.length + b.warnings.length])).toEqual([
      [2, 0],
      [1, 2],
      [1, 1],
    ]);
    expect(records).toEqual(SAME_DATA.records);
    expect(skipped).toEqual(SAME_DATA.skipped);
  });
});

describe('readImportFile: files refused as a whole', () => {
  it.each([
    ['notes.txt', 415, 'Unsupported file type: use .csv, .xlsx or .xls'],
    ['garbage.csv', 422, UNREADABLE.message],
    ['pdf-renamed.xlsx', 422, UNREADABLE.message],
    ['encrypted.xlsx', 422, UNREADABLE.message],
    ['zip-bomb.xlsx', 422, UNREADABLE.message],
    ['zip-liar.xlsx', 422, UNREADABLE.message],
    ['not-a-workbook.xlsx', 422, UNREADABLE.message],
    ['truncated.xlsx', 422, UNREADABLE.message],
    ['empty.csv', 422, 'The file is empty'],
    [
      'no-matching-header.xlsx',
      422,
      'Missing required columns: Patient, Date, Code, Provider (found: First, Last, When, What)',
    ],
    ['header-too-low.csv', 422, 'Missing required columns: Patient, Date, Code, Provider (found: note 1)'],
    ['raw-missing-patient.csv', 422, 'Missing required columns: Patient (found: Date, Code, Provider)'],
    ['raw-missing-date.csv', 422, 'Missing required columns: Date (found: Patient, Code, Provider)'],
    ['raw-missing-code.csv', 422, 'Missing required columns: Code (found: Patient, Date, Provider)'],
    ['raw-missing-provider.csv', 422, 'Missing required columns: Provider (found: Patient, Date, Code)'],
  ])('%s: %d %s', async (name, status, message) => {
    expect(await refusal(name, 'raw-data')).toMatchObject({ status, message });
  });

  it('names the missing columns of each file kind', async () => {
    expect(await refusal('future-missing-code-provider.csv', 'future-scheduled')).toMatchObject({
      status: 422,
      message: 'Missing required columns: Code, Provider (found: Patient, Appt Date, Status)',
    });
    expect(await refusal('ignore-missing-year.csv', 'ignore-list')).toMatchObject({
      status: 422,
      message: 'Missing required columns: Year (found: Patient, Notes)',
    });
  });

  it('checks the extension before anything else', async () => {
    expect(await refusal('same-data.csv', 'raw-data', 'same-data.csv.pdf')).toMatchObject({ status: 415 });
    expect(await refusal('same-data.csv', 'raw-data', 'same-data')).toMatchObject({ status: 415 });
  });
});

describe('readImportFile: rows', () => {
  it('gives a header-only file one empty batch', async () => {
    expect((await readAll('header-only.csv', 'raw-data')).batches).toEqual([
      { records: [], skipped: [], warnings: [] },
    ]);
  });

  it('reports every row of a file with no valid row', async () => {
    const { records, skipped } = await readAll('no-valid-rows.csv', 'raw-data');
    expect(records).toEqual([]);
    expect(skipped).toEqual([
      { row: 2, reason: 'Missing patient name' },
      { row: 3, reason: 'Invalid date "soon"' },
      { row: 4, reason: 'Missing procedure code; Missing provider' },
    ]);
  });

  it('skips invalid dates of every kind', async () => {
    const { records, skipped } = await readAll('invalid-dates.csv', 'raw-data');
    expect(records.map((r) => [r.row, r.date])).toEqual([[12, '2025-03-04']]);
    expect(skipped).toEqual([
      { row: 2, reason: 'Invalid date "2025-13-45"' },
      { row: 3, reason: 'Invalid date "2/30/2025"' },
      { row: 4, reason: 'Invalid date "13/1/2025"' },
      { row: 5, reason: 'Invalid date "2/29/2023"' },
      { row: 6, reason: 'Invalid date "TBD"' },
      { row: 7, reason: 'Invalid date "45658"' },
      { row: 8, reason: 'Invalid date "2025/03/04"' },
      { row: 9, reason: 'Invalid date "3-4-2025"' },
      { row: 10, reason: 'Invalid date "2025-03-04 25:00"' },
      { row: 11, reason: 'Missing date' },
    ]);
  });

  it('skips missing and invalid years', async () => {
    const { records, skipped } = await readAll('ignore-years.csv', 'ignore-list');
    expect(records).toEqual([
      {
        row: 7,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        year_code: '2026',
        notes: 'year  2026',
      },
      {
        row: 8,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        year_code: '2025',
        notes: 'year 2025',
      },
    ]);
    expect(skipped).toEqual([
      { row: 2, reason: 'Invalid year "20x5"' },
      { row: 3, reason: 'Invalid year "1999"' },
      { row: 4, reason: 'Invalid year "2100"' },
      { row: 5, reason: 'Invalid year "25"' },
      { row: 6, reason: 'Missing year' },
    ]);
  });

  it('keeps rows with bad amounts, warning about them', async () => {
    const { records, skipped, warnings } = await readAll('bad-amounts.csv', 'raw-data');
    expect(records.map((r) => r.amount)).toEqual([null, null, 1234.57, -1000, -0.13, 0]);
    expect(skipped).toEqual([]);
    expect(warnings).toEqual([
      { row: 2, reason: 'Amount "12.3.4" is not a number' },
      { row: 3, reason: 'Amount "N/C" is not a number' },
    ]);
  });

  it('skips rows missing a code, provider or patient', async () => {
    const { records, skipped } = await readAll('missing-values.csv', 'raw-data');
    expect(records).toEqual([]);
    expect(skipped).toEqual([
      { row: 2, reason: 'Missing procedure code' },
      { row: 3, reason: 'Missing provider' },
      { row: 5, reason: 'Missing patient name; Missing date; Missing provider' },
      { row: 6, reason: 'Missing patient name' },
    ]);
  });

  it('takes the leftmost of duplicate headers', async () => {
    const { records } = await readAll('duplicate-headers.csv', 'raw-data');
    expect(records).toMatchObject([{ patient_name: 'John Smith', date: '2025-03-04', provider: 'Dr A' }]);
  });

  it('keeps formulas as text in CSV', async () => {
    const { records } = await readAll('hyperlink.csv', 'raw-data');
    expect(records).toMatchObject([
      { patient_name: '=HYPERLINK("http://evil.example","Smith, John")', provider: '=1+1', amount: 0 },
    ]);
  });

  it("takes a formula cell's cached result in XLSX, else its text, never evaluating it", async () => {
    const { records } = await readAll('hyperlink.xlsx', 'raw-data');
    expect(records).toMatchObject([
      { row: 2, patient_name: 'John Smith', patient_key: 'john smith' },
      { row: 3, patient_name: '=HYPERLINK("http://evil.example","Doe, Jane")', description: '=1+1' },
    ]);
  });

  it.each(['long-cells.csv', 'long-cells.xlsx'])(
    'keeps a 10,000-character description whole and skips a 10,000-character name (%s)',
    async (name) => {
      const { records, skipped } = await readAll(name, 'raw-data');
      expect(records).toHaveLength(1);
      expect(records[0].patient_name).toBe('Lou Long');
      expect(records[0].description).toBe('d'.repeat(10_000));
      expect(skipped).toEqual([{ row: 3, reason: 'Patient name is longer than 200 characters' }]);
    },
  );

  it.each(['windows-1252.csv', 'utf8-bom.csv'])('decodes %s', async (name) => {
    const { records } = await readAll(name, 'raw-data');
    expect(records[0]).toMatchObject({
      patient_name: 'José Núñez',
      patient_key: 'josé núñez',
      provider: 'Dr Müller',
    });
    if (name === 'windows-1252.csv') expect(records[0].description).toBe('Patient’s €5 co-pay');
  });

  it('reads semicolon- and tab-separated text', async () => {
    expect((await readAll('semicolon.csv', 'raw-data')).records).toMatchObject([
      { patient_name: 'John Smith', description: 'Upper; final', amount: 1234 },
    ]);
    expect((await readAll('tab-text.xls', 'raw-data')).records).toMatchObject([
      { patient_name: 'John Smith', description: 'Upper, final', amount: 1234 },
    ]);
  });

  it('finds the header below title lines and counts them in row numbers', async () => {
    expect((await readAll('title-lines.csv', 'raw-data')).records).toMatchObject([
      { row: 5, date: '2025-03-04' },
    ]);
  });

  it('counts a record with quoted line breaks as one row', async () => {
    const { records } = await readAll('quoted-newlines.csv', 'raw-data');
    expect(records).toMatchObject([
      { row: 2, patient_name: 'John Smith', description: 'said "hi",\nthen left', amount: null },
      { row: 3, patient_name: 'Jane Doe', description: 'plain' },
    ]);
  });

  it('reads Future Scheduled: TBD dates, default status, bad dates skipped', async () => {
    const { records, skipped } = await readAll('future-scheduled.csv', 'future-scheduled');
    expect(records).toEqual([
      {
        row: 2,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        appt_date: '2025-03-04',
        code: 'D6119',
        provider: 'Dr A',
        description: 'Temp upper',
        scheduled_status: 'Confirmed',
        location: null,
        phone: null,
      },
      {
        row: 3,
        patient_name: 'Jane Doe',
        patient_key: 'jane doe',
        appt_date: null,
        code: 'D6118',
        provider: 'Dr B',
        description: null,
        scheduled_status: 'Scheduled',
        location: null,
        phone: null,
      },
    ]);
    expect(skipped).toEqual([
      { row: 4, reason: 'Invalid appointment date "next week"' },
      { row: 5, reason: 'Missing provider' },
    ]);
  });

  it('reads an HTML table saved as .xls as text cells', async () => {
    const { records } = await readAll('html-table.xls', 'future-scheduled');
    expect(records).toMatchObject([
      {
        row: 2,
        patient_name: 'José Núñez',
        appt_date: '2025-03-04',
        code: 'D6119',
        scheduled_status: 'Scheduled',
      },
      { row: 3, patient_name: 'John Smith', appt_date: null, code: 'D6118', scheduled_status: 'Cancelled' },
    ]);
  });

  it('reads a bare Excel 2 worksheet saved as .xls', async () => {
    const { records } = await readAll('excel-2.xls', 'raw-data');
    expect(records).toEqual([
      {
        row: 2,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        date: '2025-03-04',
        code: 'D6114',
        provider: 'Dr A',
        description: 'Upper',
        amount: 14995,
        location: null,
        phone: null,
      },
    ]);
  });

  it('reads an XLSX without cell references, placing each cell after the one before', async () => {
    const { records } = await readAll('no-cell-refs.xlsx', 'ignore-list');
    expect(records).toEqual([
      { row: 3, patient_name: 'John Smith', patient_key: 'john smith', year_code: '2025', notes: 'Moved' },
    ]);
  });

  it('reads the first sheet that holds a header', async () => {
    const { records } = await readAll('multi-sheet.xlsx', 'ignore-list');
    expect(records).toEqual([
      { row: 2, patient_name: 'John Smith', patient_key: 'john smith', year_code: '2025', notes: 'Moved' },
      { row: 3, patient_name: 'jane doe', patient_key: 'jane doe', year_code: '2026', notes: null },
    ]);
  });
});
