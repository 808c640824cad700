import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpendentalSettings, SyncStatus } from '../../../common/api/sync';
import type { Role } from '../../../common/roles';
import { jsonBody, type Route, renderSignedIn } from '../../test-utils';
import DataImportTab from '.';

const NOT_OPENDENTAL = 'Not an Open Dental database: missing procedurelog.ProcStatus';

const failedStatus: SyncStatus = {
  success: true,
  configured: true,
  schedule: 'daily',
  daily_hour: 6,
  time_zone: 'America/Chicago',
  running: false,
  last_sync: {
    at: '2026-11-25T10:00:00.000Z',
    ok: false,
    records_imported: null,
    rows_skipped: null,
    error: NOT_OPENDENTAL,
    error_code: 'not_opendental_database',
    unmapped_codes: [],
  },
  warning: { kind: 'failed', figures_at: null, reason: NOT_OPENDENTAL },
};

const settings: OpendentalSettings = {
  success: true,
  configured: true,
  source: 'settings',
  host: 'od-server',
  port: 3306,
  database: 'opendental',
  user: 'reader',
  password_set: true,
  password_unreadable: false,
  schedule: 'daily',
  daily_hour: 5,
  time_zone: 'America/Chicago',
  last_sync: failedStatus.last_sync,
};

function routes(
  status: SyncStatus,
  saved: OpendentalSettings = settings,
  more: Route = () => undefined,
): Route {
  return (url, init) => {
    if (url === '/api/sync/opendental/status') return { body: status };
    if (url === '/api/sync/opendental' && (init.method ?? 'GET') === 'GET') return { body: saved };
    if (url === '/api/import/history') return { body: { success: true, imports: [] } };
    return more(url, init);
  };
}

const card = () => screen.findByRole('region', { name: 'Open Dental' });

describe('the Open Dental card', () => {
  it.each<Role>(['provider', 'manager'])(
    'shows a %s the status, in red when the last sync failed',
    async (role) => {
      renderSignedIn(<DataImportTab />, role, routes(failedStatus));
      const region = await card();
      const failed = await within(region).findByText(`Last sync failed: ${NOT_OPENDENTAL}`);
      expect(failed).toBeVisible();
      // What to check comes from the failure's code.
      expect(within(region).getByText(/Check the Database name \(usually opendental\)/)).toBeVisible();
      // The hour is the server's: its time zone is named.
      expect(within(region).getByText('Every day at 06:00 (America/Chicago)')).toBeVisible();
      expect(within(region).queryByRole('form', { name: 'Open Dental connection' })).toBeNull();
      expect(within(region).queryByRole('button', { name: 'Sync now' }) !== null).toBe(role === 'manager');
    },
  );

  it('lists the unmapped codes of the last sync, and the skipped rows of a sync just run, as an import does', async () => {
    const unmapped_codes = [
      { code: 'D0120', count: 2 },
      { code: 'D5999', count: 1 },
    ];
    const synced: SyncStatus = {
      ...failedStatus,
      last_sync: {
        at: '2026-11-25T10:00:00.000Z',
        ok: true,
        records_imported: 4,
        rows_skipped: 1,
        error: null,
        error_code: null,
        unmapped_codes,
      },
      warning: null,
    };
    const run: Route = (url) =>
      url === '/api/sync/opendental/run'
        ? {
            body: {
              success: true,
              records_imported: 4,
              full_arch: 3,
              future: 1,
              rows_skipped: 1,
              skipped: [{ row: 4711, reason: 'Missing provider' }],
              unmapped_codes,
            },
          }
        : undefined;
    renderSignedIn(<DataImportTab />, 'manager', routes(synced, settings, run));
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Unmapped codes (2)' }));
    expect(within(region).getByText('D0120').closest('tr')).toHaveTextContent('D01202');
    expect(within(region).getByText('D5999').closest('tr')).toHaveTextContent('D59991');
    expect(within(region).getByText(/These codes have no code mapping/)).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Sync now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sync and replace' }));
    await userEvent.click(await within(region).findByRole('button', { name: 'Skipped rows (1)' }));
    expect(within(region).getByText('Missing provider').closest('tr')).toHaveTextContent('4711');
  });

  it('says why a sync was not tried, and what to do', async () => {
    const busy: Route = (url) =>
      url === '/api/sync/opendental/run'
        ? { status: 409, body: { success: false, error: 'A sync is already running', code: 'sync_running' } }
        : undefined;
    renderSignedIn(<DataImportTab />, 'manager', routes(failedStatus, settings, busy));
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Sync now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sync and replace' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Sync failed');
    expect(alert).toHaveTextContent('A sync is already running');
    expect(alert).toHaveTextContent('Wait a minute for it to finish');
  });

  it('asks before a sync, naming the files it replaces; cancelled, nothing is sent', async () => {
    const runs: string[] = [];
    const history = {
      success: true,
      imports: [
        {
          id: 2,
          kind: 'future-scheduled',
          file_name: 'future.xlsx',
          username: 'maria',
          rows_imported: 94,
          rows_skipped: 0,
          replace: true,
          at: '2026-11-26T15:00:00.000Z',
        },
      ],
    };
    const record: Route = (url) => {
      if (url === '/api/import/history') return { body: history };
      if (url === '/api/sync/opendental/run') runs.push(url);
      return undefined;
    };
    renderSignedIn(
      <DataImportTab />,
      'manager',
      (url, init) => record(url, init) ?? routes(failedStatus)(url, init),
    );
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Sync now' }));
    const dialog = await screen.findByRole('dialog', { name: "Replace the data with Open Dental's?" });
    const replaced = await within(dialog).findByRole('list', { name: 'Replaced by the sync' });
    expect(replaced).toHaveTextContent(
      /The Future Scheduled data: future\.xlsx \(94 rows\), imported .* by maria/,
    );
    expect(replaced).toHaveTextContent('The Full Arch Report: nothing imported yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(runs).toEqual([]);
  });

  it('tells a provider who can set it up when nothing is set', async () => {
    renderSignedIn(
      <DataImportTab />,
      'provider',
      routes({
        success: true,
        configured: false,
        schedule: 'off',
        daily_hour: 5,
        time_zone: 'America/Chicago',
        running: false,
        last_sync: null,
        warning: null,
      }),
    );
    expect(
      await within(await card()).findByText(
        /No Open Dental connection is set\. An admin can set it up on this tab/,
      ),
    ).toBeVisible();
  });

  it('gives an admin the form; Test connection tests what is typed, before it is saved', async () => {
    const tests: unknown[] = [];
    const probe: Route = (url, init) => {
      if (url !== '/api/sync/opendental/test') return undefined;
      tests.push(jsonBody(init));
      return {
        body: { success: true, server_version: '10.11.6-MariaDB', procedures: 120, appointments: 14 },
      };
    };
    renderSignedIn(<DataImportTab />, 'admin', routes(failedStatus, settings, probe));
    const form = await within(await card()).findByRole('form', { name: 'Open Dental connection' });
    expect(within(form).getByLabelText(/^Host/)).toHaveValue('od-server');
    expect(within(form).getByText('A password is saved: leave this blank to keep it.')).toBeVisible();
    const host = within(form).getByLabelText(/^Host/);
    await userEvent.clear(host);
    await userEvent.type(host, '10.0.0.7');
    await userEvent.type(within(form).getByLabelText(/^Port/), '7');
    const test = within(form).getByRole('button', { name: 'Test connection' });
    expect(test).toBeEnabled();
    await userEvent.click(test);
    expect(await within(form).findByText(/Server version 10\.11\.6-MariaDB/)).toBeVisible();
    // The blank password stands for the saved one; the schedule is no part of a test.
    expect(tests).toEqual([
      { host: '10.0.0.7', port: '33067', database: 'opendental', user: 'reader', password: '' },
    ]);
  });

  it("lets an admin choose the hour of the daily sync, on the server's clock", async () => {
    const puts: unknown[] = [];
    const saveRoute: Route = (url, init) => {
      if (url !== '/api/sync/opendental' || init.method !== 'PUT') return undefined;
      puts.push(jsonBody(init));
      return { body: { ...settings, daily_hour: 18 } };
    };
    renderSignedIn(<DataImportTab />, 'admin', routes(failedStatus, settings, saveRoute));
    const form = await within(await card()).findByRole('form', { name: 'Open Dental connection' });
    const hour = within(form).getAllByLabelText(/^Hour of the daily sync/)[0];
    expect(hour).toHaveValue('05:00');
    expect(hour).toHaveAccessibleDescription(/On the server's clock \(America\/Chicago\)/);
    await userEvent.click(hour);
    await userEvent.click(await screen.findByRole('option', { name: '18:00' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toMatchObject([{ schedule: 'daily', daily_hour: '18' }]));
  });

  it('refuses a typed host with a port before testing it', async () => {
    const tests: string[] = [];
    const probe: Route = (url) => {
      if (url === '/api/sync/opendental/test') tests.push(url);
      return undefined;
    };
    renderSignedIn(<DataImportTab />, 'admin', routes(failedStatus, settings, probe));
    const form = await within(await card()).findByRole('form', { name: 'Open Dental connection' });
    const host = within(form).getByLabelText(/^Host/);
    await userEvent.type(host, ':22');
    await userEvent.click(within(form).getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(host).toHaveAccessibleDescription(/host must be a host name or an IP address/),
    );
    expect(tests).toEqual([]);
  });

  it('shows a refusal under the field it names', async () => {
    const refuse: Route = (url, init) =>
      url === '/api/sync/opendental' && init.method === 'PUT'
        ? {
            status: 400,
            body: {
              success: false,
              error: 'port must be a whole number from 1 to 65535',
              code: 'invalid_field',
              field: 'port',
            },
          }
        : undefined;
    renderSignedIn(<DataImportTab />, 'admin', routes(failedStatus, settings, refuse));
    const form = await within(await card()).findByRole('form', { name: 'Open Dental connection' });
    const port = within(form).getByLabelText(/^Port/);
    await userEvent.clear(port);
    // Taken by the contract here, refused by the server: its words go under the field too.
    await userEvent.type(port, '3307');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(port).toHaveAccessibleDescription(/port must be a whole number from 1 to 65535/),
    );
  });

  it('refuses a host with a port under the Host field, before anything is sent', async () => {
    const puts: string[] = [];
    const record: Route = (url, init) => {
      if (init.method === 'PUT') puts.push(url);
      return undefined;
    };
    renderSignedIn(<DataImportTab />, 'admin', routes(failedStatus, settings, record));
    const form = await within(await card()).findByRole('form', { name: 'Open Dental connection' });
    const host = within(form).getByLabelText(/^Host/);
    await userEvent.clear(host);
    await userEvent.type(host, '127.0.0.1:22');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host).toHaveAccessibleDescription(
        /host must be a host name or an IP address, without a scheme or port; put the port in the Port field\./,
      ),
    );
    expect(puts).toEqual([]);
  });

  it('says so when the connection is set in the environment, and leaves only the schedule', async () => {
    renderSignedIn(<DataImportTab />, 'admin', routes(failedStatus, { ...settings, source: 'environment' }));
    const form = await within(await card()).findByRole('form', { name: 'Open Dental connection' });
    expect(
      within(form).getByText(
        /The connection is set on the server \(OPENDENTAL_URL\) and cannot be changed here/,
      ),
    ).toBeVisible();
    expect(within(form).getByLabelText(/^Host/)).toBeDisabled();
    expect(within(form).getAllByLabelText(/^Schedule/)[0]).toBeEnabled();
  });
});
