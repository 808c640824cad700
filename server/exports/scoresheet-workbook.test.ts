import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { ScoresheetRow } from '../../common/api/config';
import { flagsFromScore } from '../domain/flags';
import { PRINTED, printSettings, readBack, rowValues, sheet } from '../test/read-back';
import { CURRENCY_FORMAT, DATE_FORMAT } from './cells';
import { buildScoresheetWorkbook } from './scoresheet-workbook';

const EVIL = '=HYPERLINK("http://x","y")';

const row = (over: Partial<ScoresheetRow>): ScoresheetRow => ({
  patient_name: 'Jane Doe',
  provider: 'Dr. Adams',
  score: 0,
  procedure_status: '',
  consult_date: null,
  date_of_temp_placement: null,
  case_date: null,
  pending_finance_date: null,
  presented_date: null,
  accepted_date: null,
  perm_date: null,
  location: null,
  win_loss: 'N/A',
  no_of_arches: 0,
  case_value: 0,
  treatment_flags: flagsFromScore(0),
  ...over,
});

const rows: ScoresheetRow[] = [
  row({
    patient_name: EVIL,
    provider: '+SUM(1,2)',
    score: 1 + 2 + 8 + 32,
    procedure_status: 'Consult, Presented Max, Accepted Max, Temp Upper',
    consult_date: '2026-01-01',
    date_of_temp_placement: '2026-03-31',
    case_date: '2026-02-28',
    presented_date: '2026-01-10',
    accepted_date: '2026-01-20',
    location: 'Lakeside',
    win_loss: 'Won',
    no_of_arches: 1,
    case_value: 14995,
    treatment_flags: flagsFromScore(1 + 2 + 8 + 32),
  }),
  row({
    patient_name: 'Zoë <O\'Brien> & "Co" 😀',
    score: 1 + 1024,
    procedure_status: 'Consult, PF Max',
    consult_date: '2025-12-31',
    pending_finance_date: '2026-01-15',
    win_loss: 'PF',
    no_of_arches: 1,
    case_value: 14995.5,
    treatment_flags: flagsFromScore(1 + 1024),
  }),
];

const HEADERS = [
  'Patient Name',
  'Provider',
  'Location',
  'Score',
  'Procedure Status',
  'Win/Loss',
  'No of Arches',
  'Case Value',
  'Consult Date',
  'Date of Temp Placement',
  'Case Date',
  'Pending Finance Date',
  'Presented Date',
  'Accepted Date',
  'Perm Date',
  'Had Consult',
  'Presented Max',
  'Presented Mand',
  'Accepted Max',
  'Accepted Mand',
  'Had Temp Upper',
  'Had Temp Lower',
  'Had Perm Upper',
  'Had Perm Lower',
  'Pending Finance Mand',
  'Pending Finance Max',
];

const utc = (d: string) => new Date(`${d}T00:00:00Z`);

let body: Buffer;
let ws: ExcelJS.Worksheet;
beforeAll(async () => {
  body = await buildScoresheetWorkbook(rows);
  ws = sheet(await readBack(body), 'Scoresheet');
});

describe('buildScoresheetWorkbook', () => {
  it('writes a bold, frozen, filtered header with every field of the scoresheet', () => {
    expect(rowValues(ws, 1, 26)).toEqual(HEADERS);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:Z3');
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(EVIL.length);
    expect(ws.getColumn(5).width).toBe(40);
  });

  it('prints landscape, one page wide, with the header row on every page', () => {
    expect(printSettings(ws)).toEqual(PRINTED(1));
  });

  it('writes one row per scoresheet row, with real dates, currency and Yes/No flags', () => {
    expect(ws.rowCount).toBe(3);
    expect(rowValues(ws, 2, 26)).toEqual([
      EVIL,
      '+SUM(1,2)',
      'Lakeside',
      43,
      'Consult, Presented Max, Accepted Max, Temp Upper',
      'Won',
      1,
      14995,
      utc('2026-01-01'),
      utc('2026-03-31'),
      utc('2026-02-28'),
      null,
      utc('2026-01-10'),
      utc('2026-01-20'),
      null,
      ...['Yes', 'Yes', 'No', 'Yes', 'No', 'Yes', 'No', 'No', 'No', 'No', 'No'],
    ]);
    expect(rowValues(ws, 3, 26)).toEqual([
      'Zoë <O\'Brien> & "Co" 😀',
      'Dr. Adams',
      null,
      1025,
      'Consult, PF Max',
      'PF',
      1,
      14995.5,
      utc('2025-12-31'),
      null,
      null,
      utc('2026-01-15'),
      null,
      null,
      null,
      ...['Yes', 'No', 'No', 'No', 'No', 'No', 'No', 'No', 'No', 'No', 'Yes'],
    ]);
    expect(ws.getCell('H2').numFmt).toBe(CURRENCY_FORMAT);
    for (const col of ['I', 'J', 'K', 'M', 'N']) expect(ws.getCell(`${col}2`).numFmt).toBe(DATE_FORMAT);
    expect(ws.getCell('L3').numFmt).toBe(DATE_FORMAT);
  });

  it('stores dates as whole-day serials, whatever the time zone, and text as string cells', () => {
    const other = XLSX.read(body, { type: 'buffer', cellFormula: true, cellNF: true });
    const s = other.Sheets.Scoresheet;
    // 2026-01-01 is serial 46023: no fraction means no time-zone shift.
    expect(s.I2).toMatchObject({ t: 'n', v: 46023, z: DATE_FORMAT, w: '2026-01-01' });
    expect(s.A2).toMatchObject({ t: 's', v: EVIL });
    expect(s.A2.f).toBeUndefined();
    expect(s.B2).toMatchObject({ t: 's', v: '+SUM(1,2)' });
    expect(s.B2.f).toBeUndefined();
    const cell = ws.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
  });

  it('writes a header alone for an empty scoresheet, and many rows across write batches', async () => {
    const empty = sheet(await readBack(await buildScoresheetWorkbook([])), 'Scoresheet');
    expect(empty.rowCount).toBe(1);
    expect(rowValues(empty, 1, 26)).toEqual(HEADERS);

    const many = Array.from({ length: 4_500 }, (_, i) => row({ patient_name: `Patient ${i}`, score: 1 }));
    const big = sheet(await readBack(await buildScoresheetWorkbook(many)), 'Scoresheet');
    expect(big.rowCount).toBe(4_501);
    expect(big.getCell(4_501, 1).value).toBe('Patient 4499');
  });
});
