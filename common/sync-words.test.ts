import { syncWarningWords } from './sync-words';

describe('syncWarningWords', () => {
  const at = new Date(2026, 10, 27, 5, 0).toISOString();
  it('says when the figures are from and why the last sync failed', () => {
    expect(
      syncWarningWords({ kind: 'failed', figures_at: at, reason: 'Access denied for user od' }, 'daily'),
    ).toBe('Figures as of the sync of 11/27/2026, 5:00 AM; the last sync failed: Access denied for user od');
    expect(syncWarningWords({ kind: 'failed', figures_at: null, reason: null }, 'hourly')).toBe(
      'Figures as of the last import; the last sync failed: no reason was given',
    );
  });

  it('says no sync has worked since one was scheduled, by the schedule’s name', () => {
    expect(syncWarningWords({ kind: 'stale', figures_at: at, reason: null }, 'hourly')).toBe(
      'Figures as of the sync of 11/27/2026, 5:00 AM; no sync since, though one is scheduled every hour, on the hour',
    );
    expect(syncWarningWords({ kind: 'stale', figures_at: at, reason: null }, 'daily')).toMatch(
      /scheduled every day at 05:00$/,
    );
  });
});
