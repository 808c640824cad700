import type { Activity } from '../../../common/api/activities';
import { localDay } from '../../../common/calendar-day';
import {
  activityTitle,
  addDays,
  appointmentNote,
  canDelete,
  followUpChange,
  lastContactText,
  longDay,
  nextWeekday,
  quickPicks,
  shortDay,
} from './words';

const written = (loggedAt: string, user = 'casey') => ({ user, logged_at: loggedAt }) as Activity;

describe('the case card words', () => {
  it('counts the quick picks in calendar days, across a month and a year', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2026-03-07', 7)).toBe('2026-03-14');
    expect(localDay(new Date(2026, 1, 5, 23, 59))).toBe('2026-02-05');
  });

  it('lets the writer delete for 24 hours, whatever the case of the name, and an admin always', () => {
    const now = Date.parse('2026-02-05T12:00:00Z');
    const casey = { username: 'Casey', role: 'manager' };
    expect(canDelete(written('2026-02-04T12:30:00Z'), casey, now)).toBe(true);
    expect(canDelete(written('2026-02-04T11:30:00Z'), casey, now)).toBe(false);
    expect(canDelete(written('2026-02-05T11:00:00Z', 'maria'), casey, now)).toBe(false);
    expect(
      canDelete(written('2020-01-01T00:00:00Z', 'maria'), { username: 'root', role: 'admin' }, now),
    ).toBe(true);
  });

  it('says the last contact as kind, outcome and date', () => {
    expect(lastContactText({ date: '2026-02-03', kind: 'visit', outcome: 'scheduled' })).toBe(
      'Visit: Scheduled (02/03/2026)',
    );
    expect(lastContactText(null)).toBe('-');
  });
});

describe('the quick picks', () => {
  const days = (today: string) => quickPicks(today).map((pick) => pick.day);

  it('land on weekdays: from a Friday, tomorrow is Monday', () => {
    // Friday 11/27/2026: tomorrow and 1 and 2 weeks fall on weekdays only after moving.
    expect(days('2026-11-27')).toEqual(['2026-11-30', '2026-11-30', '2026-12-04', '2026-12-11']);
    expect(quickPicks('2026-11-27').map((pick) => pick.label)).toEqual([
      'Tomorrow (Mon 11/30)',
      '3 days (Mon 11/30)',
      '1 week (Fri 12/04)',
      '2 weeks (Fri 12/11)',
    ]);
  });

  it('from a Saturday or a Sunday', () => {
    // Saturday 11/28: tomorrow is Sunday, so Monday; 1 week is the next Saturday, so Monday 12/07.
    expect(days('2026-11-28')).toEqual(['2026-11-30', '2026-12-01', '2026-12-07', '2026-12-14']);
    // Sunday 11/29: tomorrow is Monday as it is.
    expect(days('2026-11-29')).toEqual(['2026-11-30', '2026-12-02', '2026-12-07', '2026-12-14']);
    // A Wednesday: 3 days is Saturday, so Monday.
    expect(days('2026-12-02')).toEqual(['2026-12-03', '2026-12-07', '2026-12-09', '2026-12-16']);
  });

  it('across the end of a month, a year and February', () => {
    // Thursday 12/31/2026: tomorrow is Friday 01/01/2027; 3 days is Sunday 01/03, so Monday 01/04.
    expect(days('2026-12-31')).toEqual(['2027-01-01', '2027-01-04', '2027-01-07', '2027-01-14']);
    // Friday 02/27/2026 (not a leap year): Monday is 03/02.
    expect(days('2026-02-27')[0]).toBe('2026-03-02');
    // A leap year's Saturday 02/29/2032 moves to Monday 03/01; Saturday 10/31/2026 to 11/02.
    expect(nextWeekday('2032-02-29')).toBe('2032-03-01');
    expect(nextWeekday('2026-10-31')).toBe('2026-11-02');
  });

  it('leave a weekday where it is', () => {
    for (const day of ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'])
      expect(nextWeekday(day)).toBe(day);
  });

  it('say the day in words', () => {
    expect(shortDay('2026-11-30')).toBe('Mon 11/30');
    expect(longDay('2026-12-01')).toBe('Tue 12/01/2026');
  });
});

describe('the quick picks on the days the clocks change', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('count calendar days where the clocks go forward and back, and at midnight', () => {
    process.env.TZ = 'America/New_York';
    // Friday 03/06/2026; Sunday 03/08 is the change to summer time: Monday 03/09.
    expect(quickPicks('2026-03-06').map((pick) => pick.day)).toEqual([
      '2026-03-09',
      '2026-03-09',
      '2026-03-13',
      '2026-03-20',
    ]);
    expect(nextWeekday('2026-03-08')).toBe('2026-03-09');
    // Saturday 10/31/2026; Sunday 11/01 is the change back: Monday 11/02.
    expect(quickPicks('2026-10-31')[0]?.day).toBe('2026-11-02');
    expect(localDay(new Date(2026, 2, 8, 0, 30))).toBe('2026-03-08');
    // Chile moves its clocks at midnight: the day itself has no 00:00.
    process.env.TZ = 'America/Santiago';
    expect(addDays('2026-09-05', 1)).toBe('2026-09-06');
    expect(nextWeekday('2026-09-05')).toBe('2026-09-07');
    expect(shortDay('2026-09-06')).toBe('Sun 09/06');
  });
});

describe('the timeline words of a scheduled contact and a snooze', () => {
  const base = { note: null, next_follow_up: null, cleared_follow_up: false } as unknown as Activity;

  it("puts the appointment's day before the typed note", () => {
    expect(appointmentNote('2026-12-01', '')).toBe('Appointment 12/01/2026');
    expect(appointmentNote('2026-12-01', '  Bring the scans ')).toBe(
      'Appointment 12/01/2026\nBring the scans',
    );
  });

  it('names a snooze and its next follow-up', () => {
    const snooze = { ...base, kind: 'snooze', next_follow_up: '2026-12-07' } as Activity;
    expect(activityTitle(snooze)).toBe('Snoozed');
    expect(followUpChange(snooze)).toBe('Next follow-up 12/07/2026');
  });
});
