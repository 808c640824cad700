import type { Activity } from '../../../common/api/activities';
import { addDays, canDelete, lastContactText, localDay } from './words';

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
