import type { WorklistRow } from '../domain/worklist';
import { PRINTED, printSettings, readBack, rowValues, sheet } from './read-back';
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
});
