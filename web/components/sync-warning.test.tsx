import { screen } from '@testing-library/react';
import { type SyncStatus, syncApi } from '../../common/api/sync';
import { renderSignedIn } from '../test-utils';
import { SyncWarning } from './sync-warning';

// Every tab but Data Import says in one line when the figures are behind Open Dental.

const at = new Date(2026, 10, 27, 5, 0).toISOString();
const status = (warning: SyncStatus['warning']): SyncStatus => ({
  success: true,
  configured: true,
  schedule: 'hourly',
  daily_hour: 5,
  time_zone: 'America/Chicago',
  running: false,
  last_sync: null,
  warning,
});
const show = (answer: SyncStatus) =>
  renderSignedIn(<SyncWarning />, 'provider', (url) =>
    url === syncApi.status.path ? { body: answer } : undefined,
  );

describe('the sync warning', () => {
  it('says the last sync failed, with its reason and the time of the figures', async () => {
    show(status({ kind: 'failed', figures_at: at, reason: 'Open Dental refused the connection' }));
    expect(
      await screen.findByText(
        'Figures as of the sync of 11/27/2026, 5:00 AM; the last sync failed: Open Dental refused the connection',
      ),
    ).toBeInTheDocument();
  });

  it('says no sync has worked since one was scheduled', async () => {
    show(status({ kind: 'stale', figures_at: at, reason: null }));
    expect(
      await screen.findByText(
        'Figures as of the sync of 11/27/2026, 5:00 AM; no sync since, though one is scheduled every hour, on the hour',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing when the figures are current', async () => {
    const { container } = show(status(null));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).not.toContain('Figures as of');
  });
});
