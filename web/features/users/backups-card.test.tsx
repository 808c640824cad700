import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type BackupEntry,
  type BackupsResponse,
  CHECK_COMMAND,
  RESTORE_COMMAND,
} from '../../../common/api/backups';
import { formatDateTime } from '../../../common/format';
import { mockFetch, renderWithProviders } from '../../test-utils';
import { BackupsCard } from './backups-card';

// The admins' Backups section on User Management (docs/behaviour.md section 21).

const BACKUPS = '/api/admin/backups';

const entry = (file: string, over: Partial<BackupEntry> = {}): BackupEntry => ({
  file,
  size: 4_404_019,
  created_at: '2026-05-01T02:00:00.000Z',
  ok: true,
  ...over,
});

const OLDER = entry('full-arch-backup-2026-04-30T02-00-00.fab', {
  created_at: '2026-04-30T02:00:00.000Z',
  size: 812,
  ok: false,
});
const NEWER = entry('full-arch-backup-2026-05-01T02-00-00.fab');
const NEXT_AT = '2026-05-02T02:00:00.000Z';

const listed = (over: Partial<BackupsResponse> = {}): BackupsResponse => ({
  success: true,
  backups: [NEWER, OLDER],
  last_error: null,
  next_at: NEXT_AT,
  dir: '/srv/full-arch/backups',
  keep: 14,
  ...over,
});

const renderCard = () =>
  renderWithProviders(
    <>
      <Notifications />
      <BackupsCard />
    </>,
  );

// A notification is an alert too, and the store behind them outlives a test.
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the Backups section', () => {
  it('lists the backups newest first with their moment, size and state in words', async () => {
    mockFetch((url, init) => (url === BACKUPS && init.method === 'GET' ? { body: listed() } : undefined));
    renderCard();
    const table = await screen.findByRole('table', { name: 'Backups' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(NEWER.file);
    expect(rows[1]).toHaveTextContent(formatDateTime(NEWER.created_at));
    expect(rows[1]).toHaveTextContent('4.2 MB');
    expect(rows[1]).toHaveTextContent('Whole');
    expect(rows[2]).toHaveTextContent('812 bytes');
    expect(rows[2]).toHaveTextContent('Unreadable');

    expect(screen.getByText(`Next scheduled backup: ${formatDateTime(NEXT_AT)}`)).toBeInTheDocument();
    expect(screen.getByText('/srv/full-arch/backups')).toBeInTheDocument();
    expect(screen.getByText(/the newest 14 are kept/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    // How to restore: both commands, each with its copy button, and what a restore needs.
    expect(screen.getByText(RESTORE_COMMAND)).toBeInTheDocument();
    expect(screen.getByText(CHECK_COMMAND)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the restore command' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the check command' })).toBeInTheDocument();
    expect(screen.getByText(/Stop the server first/)).toHaveTextContent(
      /BACKUP_KEY, or the data folder's backup.key/,
    );
  });

  it('says plainly when there is no backup yet', async () => {
    mockFetch((url) => (url === BACKUPS ? { body: listed({ backups: [] }) } : undefined));
    renderCard();
    expect(await screen.findByText(/^No backups yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Backups' })).toBeNull();
  });

  it('says the last failure in red', async () => {
    mockFetch((url) =>
      url === BACKUPS ? { body: listed({ last_error: 'No space left on the backup disk' }) } : undefined,
    );
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The last backup failed');
    expect(alert).toHaveTextContent('No space left on the backup disk');
  });

  it('backs up now: busy while it runs, then names the file and lists it', async () => {
    const MADE = entry('full-arch-backup-2026-05-01T14-30-00.fab', {
      created_at: '2026-05-01T14:30:00.000Z',
      size: 2048,
    });
    let made = false;
    let finish: () => void = () => undefined;
    const fetchMock = mockFetch((url, init) => {
      if (url !== BACKUPS) return undefined;
      if (init.method === 'POST') {
        made = true;
        return { body: { success: true, backup: MADE } };
      }
      return { body: listed({ backups: made ? [MADE, NEWER, OLDER] : [NEWER, OLDER] }) };
    });
    // The POST answers only when the test lets it, so the busy button can be seen.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await new Promise<void>((resolve) => (finish = resolve));
      return answer(input, init);
    });
    renderCard();
    await screen.findByRole('table', { name: 'Backups' });
    const button = screen.getByRole('button', { name: 'Back up now' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    finish();

    expect(
      await screen.findByText(`${MADE.file} (2.0 KB) is written and read back whole.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(MADE.file);
    expect(button).not.toHaveAttribute('data-loading');
  });

  it("says the server's words when a backup is refused", async () => {
    mockFetch((url, init) => {
      if (url !== BACKUPS) return undefined;
      if (init.method === 'POST')
        return {
          status: 403,
          body: { success: false, error: 'Only admins can make a backup', code: 'forbidden' },
        };
      return { body: listed() };
    });
    renderCard();
    await screen.findByRole('table', { name: 'Backups' });
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can make a backup');
  });

  it('says a failure the list now records once, in red', async () => {
    const FULL = 'No space left on the backup disk';
    let failed = false;
    mockFetch((url, init) => {
      if (url !== BACKUPS) return undefined;
      if (init.method === 'POST') {
        failed = true;
        return { status: 507, body: { success: false, error: FULL } };
      }
      return { body: listed({ last_error: failed ? FULL : null }) };
    });
    renderCard();
    await screen.findByRole('table', { name: 'Backups' });
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The last backup failed'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(FULL);
  });
});
