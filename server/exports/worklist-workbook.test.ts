import type { WorklistRow } from '../domain/worklist';
import { PRINTED, printSettings, readBack, rowValues, sheet } from '../test/read-back';
import { buildWorklistWorkbook } from './worklist-workbook';

const patient = (over: Partial<WorklistRow>): WorklistRow => ({
  patient_name: 'Jane Doe',
  patient_key: 'jane doe',
  provider: 'Dr. Adams',
  location: 'Lakeside',
  stage: 'awaiting_final',
  since: '2026-01-10',
  days_waiting: 40,
  procedure_status: 'Consult, Temp Upper',
  case_value: 14995,
  next_appointment: 'TBD',
  phone: null,
  source: null,
  assigned_to: null,
  next_follow_up: null,
  attempts: 0,
  last_contact: null,
  financing: null,
  ...over,
});

describe('buildWorklistWorkbook', () => {
  it('writes a titled sheet that prints landscape, one page wide, with the header on every page', async () => {
    const bytes = await buildWorklistWorkbook(
      'Follow-up Worklist — Awaiting Final',
      [patient({}), patient({ patient_name: '=HYPERLINK("http://x","y")', next_appointment: null })],
      new Date('2026-03-04T10:30:00Z'),
    );
    const ws = sheet(await readBack(bytes), 'Follow-up Worklist');
    expect(ws.getCell('A1').value).toBe('Follow-up Worklist — Awaiting Final');
    expect(rowValues(ws, 4, 3)).toEqual(['Patient Name', 'Stage', 'Days Waiting']);
    expect(ws.getCell('A6').value).toBe('=HYPERLINK("http://x","y")');
    expect(printSettings(ws)).toEqual(PRINTED(4));
  });

  it('writes every date as a date cell, the last contact split in date and type, and the last note with its date', async () => {
    const note = '=SUM(A1) called back; prefers evenings';
    const bytes = await buildWorklistWorkbook(
      'Follow-up Worklist',
      [
        patient({
          next_appointment: '2026-04-02',
          next_follow_up: '2026-03-10',
          attempts: 2,
          assigned_to: 'zed',
          last_contact: { date: '2026-03-01', kind: 'call', outcome: 'no_answer' },
          financing: { date: '2026-02-01', lender: 'Lendr', financing_status: 'approved', amount: 5000 },
        }),
        patient({ patient_name: 'Ann Able', patient_key: 'ann able' }),
      ],
      new Date('2026-03-04T10:30:00Z'),
      new Map([['jane doe', { date: '2026-02-20', note }]]),
    );
    const ws = sheet(await readBack(bytes), 'Follow-up Worklist');
    // The columns of the rule (docs/behaviour.md section 15) stay, each date a date cell.
    expect(rowValues(ws, 4)).toEqual([
      'Patient Name',
      'Stage',
      'Days Waiting',
      'Since',
      'Provider',
      'Location',
      'Procedure Status',
      'Case Value',
      'Next Appointment',
      'Phone',
      'Source',
      'Assigned To',
      'Next Follow-up',
      'Attempts',
      'Last Contact',
      'Last Contact Type',
      'Financing',
      'Last Note Date',
      'Last Note',
    ]);
    const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
    expect(rowValues(ws, 5)).toEqual([
      'Jane Doe',
      'Awaiting Final',
      40,
      day(2026, 1, 10),
      'Dr. Adams',
      'Lakeside',
      'Consult, Temp Upper',
      14995,
      day(2026, 4, 2),
      null,
      null,
      'zed',
      day(2026, 3, 10),
      2,
      day(2026, 3, 1),
      'Call No answer',
      'Lendr Approved $5,000.00',
      day(2026, 2, 20),
      note,
    ]);
    for (const column of [4, 9, 13, 15, 18]) expect(ws.getCell(5, column).numFmt).toBe('yyyy-mm-dd');
    // The note stays text, never a formula.
    expect(ws.getCell(5, 19).formula).toBeUndefined();
    // No contact and no note: empty cells, not text.
    expect(rowValues(ws, 6).slice(14)).toEqual([null, null, null, null, null]);
  });

  it('writes a new lead with its source, and its missing provider, status and case value as empty cells', async () => {
    const lead = patient({
      patient_name: 'Lee Lead',
      patient_key: 'lee lead',
      stage: 'new_lead',
      provider: null,
      procedure_status: null,
      case_value: null,
      location: null,
      next_appointment: null,
      phone: '555-0101',
      source: 'Google Ads',
    });
    const ws = sheet(
      await readBack(await buildWorklistWorkbook('Follow-up Worklist', [lead], new Date())),
      'Follow-up Worklist',
    );
    expect(rowValues(ws, 5).slice(0, 11)).toEqual([
      'Lee Lead',
      'New leads',
      40,
      new Date(Date.UTC(2026, 0, 10)),
      null,
      null,
      null,
      null,
      null,
      '555-0101',
      'Google Ads',
    ]);
  });
});
