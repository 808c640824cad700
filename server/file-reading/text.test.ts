import { findLayout } from './text';

const layout = (text: string) => findLayout(text, true, 'raw-data');

describe('findLayout: delimiter detection', () => {
  it('finds comma, semicolon and tab headers', () => {
    expect(layout('Patient,Date,Code,Provider\nA,1/1/25,D1,P\n')).toMatchObject({
      delimiter: ',',
      headerRow: 1,
    });
    expect(layout('Patient;Date;Code;Provider\r\n')).toMatchObject({ delimiter: ';', headerRow: 1 });
    expect(layout('Patient\tDate\tCode\tProvider')).toMatchObject({ delimiter: '\t', headerRow: 1 });
  });

  it('judges by the header line, not by title lines above it', () => {
    const text =
      'Production report, all offices, 2025\nPrinted 3/4/2025, 10:30\n\nPatient;Date;Code;Provider;Amount\n';
    expect(layout(text)).toEqual({
      delimiter: ';',
      headerRow: 4,
      columns: { patient: 0, date: 1, code: 2, provider: 3, amount: 4 },
      header: ['Patient', 'Date', 'Code', 'Provider', 'Amount'],
    });
  });

  it('skips an Excel sep= hint line like any title line', () => {
    expect(layout('sep=;\nPatient;Date;Code;Provider\n')).toMatchObject({ delimiter: ';', headerRow: 2 });
  });

  it('is not fooled by the other delimiters inside quoted headers', () => {
    expect(layout('"Patient; Name",Date,"Code;",Provider\n')).toMatchObject({ delimiter: ',' });
    expect(layout('"Patient, Name";Date;Code;Provider\n')).toMatchObject({ delimiter: ';' });
  });

  it('names what is missing under the delimiter that came closest', () => {
    expect(() => layout('Patient;Date;Code;Dr\n')).toThrow(
      'Missing required columns: Provider (found: Patient, Date, Code, Dr)',
    );
    expect(() => layout('Patient,Date\n')).toThrow(
      'Missing required columns: Code, Provider (found: Patient, Date)',
    );
  });

  it('calls a file with nothing in it empty, and one with nothing in the first 20 rows not', () => {
    expect(() => layout('')).toThrow(/^The file is empty$/);
    expect(() => layout('\r\n\n,,\n')).toThrow(/^The file is empty$/);
    expect(() => layout(';;\n\t\n')).toThrow(/^The file is empty$/);
    expect(() => layout(`${'\n'.repeat(20)}Patient,Date,Code,Provider\n`)).toThrow(
      /^Missing required columns: Patient, Date, Code, Provider \(found nothing in the first 20 rows\)$/,
    );
  });

  it('looks no further than row 20', () => {
    const titles = 'title\n'.repeat(19);
    expect(layout(`${titles}Patient,Date,Code,Provider\n`)).toMatchObject({ headerRow: 20 });
    expect(() => layout(`title\n${titles}Patient,Date,Code,Provider\n`)).toThrow('Missing required columns');
  });

  it('does not count a last line cut off by the prefix', () => {
    expect(() => findLayout('Patient,Date,Code,Provider', false, 'raw-data')).toThrow(
      'Missing required columns',
    );
    expect(findLayout('Patient,Date,Code,Provider\n', false, 'raw-data')).toMatchObject({ headerRow: 1 });
  });
});
