import { buildRecord, RecordBuilder } from './records';
import type { Cell } from './types';

const RAW = { patient: 0, date: 1, code: 2, provider: 3, description: 4, amount: 5, location: 6 };
const FUTURE = {
  patient: 0,
  appt_date: 1,
  code: 2,
  provider: 3,
  description: 4,
  scheduled_status: 5,
  location: 6,
};
const IGNORE = { patient: 0, year_code: 1, notes: 2 };

const raw = (...cells: Cell[]) => buildRecord('raw-data', RAW, { row: 7, cells });
const future = (...cells: Cell[]) => buildRecord('future-scheduled', FUTURE, { row: 7, cells });
const ignore = (...cells: Cell[]) => buildRecord('ignore-list', IGNORE, { row: 7, cells });

describe('Full Arch Report rows', () => {
  it('builds a normalized record', () => {
    expect(
      raw(' Smith,  John ', '3/4/2025', ' d6114 ', ' Dr.  Adams ', ' Upper ', '$1,234.50', ' Main '),
    ).toEqual({
      record: {
        row: 7,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        date: '2025-03-04',
        code: 'D6114',
        provider: 'Dr. Adams',
        description: 'Upper',
        amount: 1234.5,
        location: 'Main',
        phone: null,
      },
      warning: null,
    });
  });

  it('takes spreadsheet cells: Dates, serials and numbers', () => {
    const fromDate = raw('A B', new Date(Date.UTC(2025, 2, 4)), 6114, 'Dr', null, 14995, null);
    expect(fromDate).toMatchObject({
      record: { date: '2025-03-04', code: '6114', amount: 14995, description: null, location: null },
    });
    expect(raw('A B', 45658.5, 'D1', 'Dr')).toMatchObject({ record: { date: '2025-01-01', amount: 0 } });
  });

  it('passes over wholly empty rows', () => {
    expect(raw()).toBeNull();
    expect(raw('', ' ', null, '\t')).toBeNull();
  });

  it('skips rows missing what the figures need, naming every problem', () => {
    expect(raw('', '3/4/2025', 'D1', 'Dr')).toEqual({ skip: 'Missing patient name' });
    expect(raw(',', '3/4/2025', 'D1', 'Dr')).toEqual({ skip: 'Missing patient name' });
    expect(raw('A B', '', 'D1', 'Dr')).toEqual({ skip: 'Missing date' });
    expect(raw('A B', '3/4/2025', ' ', 'Dr')).toEqual({ skip: 'Missing procedure code' });
    expect(raw('A B', '3/4/2025', 'D1', '')).toEqual({ skip: 'Missing provider' });
    expect(raw('A B', 'x', 'D1', '', 'only a description')).toEqual({
      skip: 'Invalid date "x"; Missing provider',
    });
  });

  it('quotes invalid dates, cut short when long', () => {
    expect(raw('A B', '2025-13-45', 'D1', 'Dr')).toEqual({ skip: 'Invalid date "2025-13-45"' });
    expect(raw('A B', 0, 'D1', 'Dr')).toEqual({ skip: 'Invalid date "0"' });
    expect(raw('A B', true, 'D1', 'Dr')).toEqual({ skip: 'Invalid date "TRUE"' });
    expect(raw('A B', 'y'.repeat(100), 'D1', 'Dr')).toEqual({ skip: `Invalid date "${'y'.repeat(40)}..."` });
  });

  it('keeps a row with a bad amount, with a warning', () => {
    expect(raw('A B', '3/4/2025', 'D1', 'Dr', '', 'N/C')).toMatchObject({
      record: { amount: null },
      warning: 'Amount "N/C" is not a number',
    });
    expect(raw('A B', '3/4/2025', 'D1', 'Dr', '', '12.3.4')).toMatchObject({
      warning: 'Amount "12.3.4" is not a number',
    });
    expect(raw('A B', '3/4/2025', 'D1', 'Dr', '', new Date(0))).toMatchObject({ record: { amount: null } });
  });

  it('leaves the amount null when the file has no amount column', () => {
    const result = buildRecord(
      'raw-data',
      { patient: 0, date: 1, code: 2, provider: 3 },
      { row: 2, cells: ['A', '3/4/25', 'D', 'P'] },
    );
    expect(result).toMatchObject({
      record: { amount: null, description: null, location: null },
      warning: null,
    });
  });
});

describe('Future Scheduled rows', () => {
  it('builds a record; empty date is TBD and empty status Scheduled', () => {
    expect(future('Doe, Jane', '', 'd6119', 'Dr B', '', '')).toEqual({
      record: {
        row: 7,
        patient_name: 'Jane Doe',
        patient_key: 'jane doe',
        appt_date: null,
        code: 'D6119',
        provider: 'Dr B',
        description: null,
        scheduled_status: 'Scheduled',
        location: null,
        phone: null,
      },
      warning: null,
    });
    expect(future('Doe, Jane', '2025-04-01 08:00', 'D6119', 'Dr B', 'Temp', ' No Show ')).toMatchObject({
      record: { appt_date: '2025-04-01', description: 'Temp', scheduled_status: 'No Show' },
    });
  });

  it('keeps the location with its whitespace tidied; blank is none', () => {
    expect(future('Doe, Jane', '', 'D6119', 'Dr B', '', '', '  Lake\u00a0  Side ')).toMatchObject({
      record: { location: 'Lake Side' },
    });
    expect(future('Doe, Jane', '', 'D6119', 'Dr B', '', '', '   ')).toMatchObject({
      record: { location: null },
    });
  });

  it('skips an appointment with an invalid date or missing code, provider or patient', () => {
    expect(future('Doe, Jane', 'next week', 'D6119', 'Dr B')).toEqual({
      skip: 'Invalid appointment date "next week"',
    });
    expect(future('Doe, Jane', '', '', 'Dr B')).toEqual({ skip: 'Missing procedure code' });
    expect(future('', '', 'D1', '')).toEqual({ skip: 'Missing patient name; Missing provider' });
  });
});

describe('Ignore List rows', () => {
  it('builds a record from text or number years', () => {
    expect(ignore('Smith, John', ' 2025 ', ' moved ')).toEqual({
      record: {
        row: 7,
        patient_name: 'John Smith',
        patient_key: 'john smith',
        year_code: '2025',
        notes: 'moved',
      },
      warning: null,
    });
    expect(ignore('Smith, John', 2026)).toMatchObject({ record: { year_code: '2026', notes: null } });
  });

  it('skips missing and invalid years', () => {
    expect(ignore('Smith, John', '')).toEqual({ skip: 'Missing year' });
    expect(ignore('Smith, John', '20x5')).toEqual({ skip: 'Invalid year "20x5"' });
    expect(ignore('Smith, John', 1999)).toEqual({ skip: 'Invalid year "1999"' });
    expect(ignore('', '2025')).toEqual({ skip: 'Missing patient name' });
  });
});

describe('phones', () => {
  it('keeps a phone trimmed, a number as written, and none when blank or absent', () => {
    const withPhone = { ...RAW, phone: 7 };
    const row = (phone: Cell) =>
      buildRecord('raw-data', withPhone, {
        row: 2,
        cells: ['A B', '2025-03-04', 'D6114', 'Dr A', '', '', '', phone],
      });
    expect(row(' (555) 010-0100 ')).toMatchObject({ record: { phone: '(555) 010-0100' } });
    expect(row(5550100100)).toMatchObject({ record: { phone: '5550100100' } });
    expect(row('   ')).toMatchObject({ record: { phone: null } });
    const appointment = buildRecord(
      'future-scheduled',
      { ...FUTURE, phone: 7 },
      {
        row: 2,
        cells: ['A B', '', 'D6119', 'Dr A', '', '', '', ' 555-0101'],
      },
    );
    expect(appointment).toMatchObject({ record: { phone: '555-0101' } });
  });
});

describe('one file of many rows', () => {
  it('converts each cell as a row of its own would, whether text, number or date repeats', () => {
    const columns = { patient: 0, date: 1, code: 2, provider: 3, amount: 4 } as const;
    const cells: Cell[][] = [
      ['Lee, Ann', 45000, ' d6010 ', 'Dr  Chen', 1250.5],
      ['Lee, Ann', new Date(45000), 'D6010', 'Dr Chen', '1,250.50'],
      ['Lee,  Ann', 45000, 'd6010', 'Dr Chen', 1250.5],
      ['Lee, Ann', '3/4/2025', ' d6010 ', 'Dr  Chen', 'n/a'],
      ['', '3/4/2025', 'D6010', 'Dr Chen', 1],
      ['Lee, Ann', '3/4/2025', '', '', 1],
    ];
    const builder = new RecordBuilder('raw-data', columns);
    cells.forEach((row, i) => {
      const sheetRow = { row: i + 2, cells: row };
      expect(builder.build(sheetRow)).toEqual(buildRecord('raw-data', columns, sheetRow));
    });
  });
});
