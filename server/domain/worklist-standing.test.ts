import {
  CASE_AS_OF as AS_OF,
  caseActivity as act,
  CASE_THRESHOLDS as THRESHOLDS,
} from './case-activity.fixture';
import { appt, sheetRow } from './figures/fixture';
import { worklist, worklistStanding } from './worklist';

// One patient's standing on the worklist (Patient Lookup says it beside the outcome): it must be
// the list's own reading, so each case is checked against `worklist` too.

const lost = (presented: string) =>
  sheetRow('Ann', 'Dr A', 'Consult, Presented Max', { presented_date: presented });
type Acts = ReturnType<typeof act>[];
/** Whether the list as it first shows (no appointments, no snoozed rows) has the row. */
const listed = (row: ReturnType<typeof lost>, appts: ReturnType<typeof appt>[] = [], acts: Acts = []) =>
  worklist(
    [row],
    appts,
    THRESHOLDS,
    { stage: null, provider: null, asOf: AS_OF, includeScheduled: false },
    new Map([['ann', acts]]),
  ).patients.length === 1;

describe('worklistStanding', () => {
  it('is listed when the list shows the row, with its stage and wait', () => {
    const row = lost('2026-05-27');
    expect(worklistStanding(row, [], THRESHOLDS, [], AS_OF)).toEqual({
      stage: 'undecided',
      since: '2026-05-27',
      days_waiting: 34,
      listing: 'listed',
      listed_on: null,
    });
    expect(listed(row)).toBe(true);
  });

  it('is waiting, with the day it comes onto the list, short of the threshold', () => {
    const row = lost('2026-06-25');
    expect(worklistStanding(row, [], THRESHOLDS, [], AS_OF)).toMatchObject({
      listing: 'waiting',
      days_waiting: 5,
      listed_on: '2026-07-09',
    });
    expect(listed(row)).toBe(false);
  });

  it('is snoozed until a later follow-up, and due by an earlier one whatever the threshold', () => {
    const later = [act('2026-06-29', { kind: 'call', outcome: 'no_answer', next_follow_up: '2026-07-07' })];
    expect(worklistStanding(lost('2026-05-27'), [], THRESHOLDS, later, AS_OF)).toMatchObject({
      listing: 'snoozed',
      listed_on: '2026-07-07',
    });
    expect(listed(lost('2026-05-27'), [], later)).toBe(false);
    const today = [act('2026-06-26', { kind: 'call', outcome: 'no_answer', next_follow_up: AS_OF })];
    expect(worklistStanding(lost('2026-06-25'), [], THRESHOLDS, today, AS_OF)).toMatchObject({
      listing: 'listed',
      listed_on: null,
    });
    expect(listed(lost('2026-06-25'), [], today)).toBe(true);
  });

  it('is booked while an appointment that counts is dated today or later, or undated', () => {
    const row = lost('2026-05-27');
    const standing = (appts: ReturnType<typeof appt>[]) =>
      worklistStanding(row, appts, THRESHOLDS, [], AS_OF)?.listing;
    expect(standing([appt('Ann', AS_OF, 'Consult', 'Dr A')])).toBe('booked');
    expect(standing([appt('Ann', null, 'Consult', 'Dr A')])).toBe('booked');
    expect(standing([appt('Ann', '2026-06-29', 'Consult', 'Dr A')])).toBe('listed');
    expect(standing([appt('Ann', '2026-07-02', 'Consult', 'Dr A', { status: 'Cancelled' })])).toBe('listed');
    expect(listed(row, [appt('Ann', null, 'Consult', 'Dr A')])).toBe(false);
  });

  it('is closed by a close within the stage, and not by one before it began', () => {
    const close = [act('2026-06-01', { kind: 'close', reason: 'cost' })];
    expect(worklistStanding(lost('2026-05-27'), [], THRESHOLDS, close, AS_OF)?.listing).toBe('closed');
    expect(worklistStanding(lost('2026-06-10'), [], THRESHOLDS, close, AS_OF)?.listing).toBe('listed');
    expect(listed(lost('2026-05-27'), [], close)).toBe(false);
  });

  it('is null for a row in no stage, and for a Lost consult past its year', () => {
    expect(worklistStanding(sheetRow('Ann', 'Dr A', 'Consult'), [], THRESHOLDS, [], AS_OF)).toBeNull();
    expect(worklistStanding(lost('2025-06-29'), [], THRESHOLDS, [], AS_OF)).toBeNull();
    expect(worklistStanding(lost('2025-06-30'), [], THRESHOLDS, [], AS_OF)?.days_waiting).toBe(365);
  });
});
