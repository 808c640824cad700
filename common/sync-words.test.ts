import { type ScheduleOf, scheduleName, syncWarningWords } from './sync-words';

const clock = (schedule: ScheduleOf['schedule'], daily_hour = 5): ScheduleOf => ({
  schedule,
  daily_hour,
  time_zone: 'America/Chicago',
});

describe('scheduleName', () => {
  it("names the daily hour and the server's time zone", () => {
    expect(scheduleName(clock('daily', 6))).toBe('Every day at 06:00 (America/Chicago)');
    expect(scheduleName(clock('daily', 0))).toBe('Every day at 00:00 (America/Chicago)');
    expect(scheduleName(clock('daily', 23))).toBe('Every day at 23:00 (America/Chicago)');
    expect(scheduleName(clock('hourly'))).toBe('Every hour, on the hour');
    expect(scheduleName(clock('off'))).toBe('Off (sync by hand)');
  });
});

describe('syncWarningWords', () => {
  const at = new Date(2026, 10, 27, 5, 0).toISOString();
  it('says when the figures are from and why the last sync failed', () => {
    expect(
      syncWarningWords(
        { kind: 'failed', figures_at: at, reason: 'Access denied for user od' },
        clock('daily'),
      ),
    ).toBe('Figures as of the sync of 11/27/2026, 5:00 AM; the last sync failed: Access denied for user od');
    expect(syncWarningWords({ kind: 'failed', figures_at: null, reason: null }, clock('hourly'))).toBe(
      'Figures as of the last import; the last sync failed: no reason was given',
    );
  });

  it('says no sync has worked since one was scheduled, by the schedule’s name', () => {
    expect(syncWarningWords({ kind: 'stale', figures_at: at, reason: null }, clock('hourly'))).toBe(
      'Figures as of the sync of 11/27/2026, 5:00 AM; no sync since, though one is scheduled every hour, on the hour',
    );
    expect(syncWarningWords({ kind: 'stale', figures_at: at, reason: null }, clock('daily', 18))).toMatch(
      /scheduled every day at 18:00 \(America\/Chicago\)$/,
    );
  });
});
