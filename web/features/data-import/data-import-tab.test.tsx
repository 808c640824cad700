import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportHistoryItem, ImportPreview, ImportResponse } from '../../../common/api/imports';
import { onSessionEnded, readToken } from '../../lib/api';
import { type Route, renderSignedIn } from '../../test-utils';
import DataImportTab from '.';
import { FakeXhr, lastUpload, stubXhr } from './fake-xhr';

const historyItem: ImportHistoryItem = {
  id: 7,
  kind: 'raw-data',
  file_name: 'full-arch-report.csv',
  username: 'manager1',
  rows_imported: 1701,
  rows_skipped: 2,
  replace: true,
  at: '2025-03-09T15:04:00.000Z',
};

const success: ImportResponse = {
  success: true,
  records_imported: 1701,
  rows_skipped: 2,
  skipped: [
    { row: 14, reason: 'Invalid date "13/45/2025"' },
    { row: 20, reason: 'Missing patient' },
  ],
  warnings: [{ row: 30, reason: 'Amount "abc" read as 0' }],
  unmapped_codes: [
    { code: 'D1110', count: 212 },
    { code: 'D0120', count: 180 },
  ],
};

const preview: ImportPreview = {
  ...success,
  dry_run: true,
  replace: true,
  replaces: 1650,
  date_range: { from: '2024-01-02', to: '2026-11-01' },
  past_dates: null,
  looks_like: null,
  cautions: [],
  preview_id: 'p'.repeat(32),
  expires_at: '2026-11-25T15:20:00.000Z',
};

/** The history answers with the items given; other calls fall through to `more`. */
function routes(history: ImportHistoryItem[], more: Route = () => undefined): Route {
  return (url, init) =>
    url === '/api/import/history' ? { body: { success: true, imports: history } } : more(url, init);
}

const csv = (name = 'report.csv') => new File(['Patient,Date\n'], name, { type: 'text/csv' });

function card(name: string) {
  return screen.getByRole('region', { name });
}

async function chooseFile(name: string, file: File) {
  const input = (await screen.findByRole('region', { name })).querySelector<HTMLInputElement>(
    'input[type="file"]',
  );
  if (!input) throw new Error(`No file input in ${name}`);
  await userEvent.upload(input, file);
}

beforeEach(() => stubXhr());
afterEach(() => vi.unstubAllGlobals());

// Long user journeys; a busy machine can take several seconds over one.
configure({ asyncUtilTimeout: 4000 });
describe('Data Import', { timeout: 20_000 }, () => {
  it('shows the four uploads, the initialization, the note and the history', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    expect(await screen.findByRole('region', { name: 'Full Arch Report' })).toHaveTextContent(
      'Excel or CSV with procedure data',
    );
    expect(card('Future Scheduled')).toHaveTextContent('Excel or CSV with future appointments');
    expect(card('Leads')).toHaveTextContent('inquiries from web forms, the call centre or the CRM');
    // The Leads card comes after Future Scheduled.
    const uploads = ['Full Arch Report', 'Future Scheduled', 'Leads', 'Ignore List'];
    const imports = screen
      .getAllByRole('button', { name: /^Import / })
      .map((b) => b.getAttribute('aria-label'));
    expect(imports).toEqual(uploads.map((name) => `Import ${name}`));
    expect(card('Ignore List')).toHaveTextContent(
      'Prior Year Patients: patients excluded from current-year metrics',
    );
    expect(card('Ignore List')).toHaveTextContent('the year whose figures leave the patient out');
    expect(screen.getByText(/Needed once on first setup/)).toBeInTheDocument();
    expect(screen.getByText(/scoresheet is recalculated from the imported data/)).toBeInTheDocument();

    const row = (await screen.findByText('full-arch-report.csv')).closest('tr')!;
    expect(row).toHaveTextContent('Full Arch Report');
    expect(row).toHaveTextContent('manager1');
    expect(row).toHaveTextContent('03/09/2025');
    expect(row).toHaveTextContent('1,701');
    // Sample data is offered only on an empty system.
    expect(screen.queryByRole('button', { name: 'Load sample data' })).not.toBeInTheDocument();
  });

  it('needs a file before Import, sends it for a preview with progress, and imports only when confirmed', async () => {
    const { fetchMock } = renderSignedIn(<DataImportTab />, 'admin', routes([]));
    const importButton = await screen.findByRole('button', { name: 'Import Full Arch Report' });
    expect(importButton).toBeDisabled();

    await chooseFile('Full Arch Report', csv());
    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);

    const sent = lastUpload();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/import/raw-data');
    expect(sent.headers.Authorization).toBe('Bearer test-token');
    expect(sent.body?.get('replace')).toBe('true');
    expect(sent.body?.get('dry_run')).toBe('true');
    expect((sent.body?.get('file') as File | undefined)?.name).toBe('report.csv');

    // Every action of the tab waits while a file is uploading.
    sent.progress(50, 100);
    expect(await screen.findByText('Uploading... 50%')).toBeInTheDocument();
    for (const name of [
      'Import Future Scheduled',
      'Import Leads',
      'Import Ignore List',
      'Initialize System',
      'Load sample data',
    ])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    sent.progress(100, 100);
    expect(await screen.findByText('Checking the file...')).toBeInTheDocument();

    const historyCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/import/history').length;
    const before = historyCalls();
    sent.respond(200, preview);

    // What the import will do, and nothing done yet: no figure is fetched again.
    const region = card('Full Arch Report');
    const said = await within(region).findByRole('status');
    expect(said).toHaveTextContent('1,701 rows dated 01/2024-11/2026; replaces 1,650 procedures');
    expect(said).toHaveTextContent('2 rows will be skipped, 1 warning:');
    expect(said).toHaveTextContent('Row 14: Invalid date "13/45/2025"');
    expect(said).toHaveTextContent('Nothing has been imported yet.');
    expect(historyCalls()).toBe(before);
    expect(importButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Initialize System' })).toBeEnabled();

    // The confirmation names the kept file; the file itself is not sent again.
    await userEvent.click(within(region).getByRole('button', { name: 'Confirm import' }));
    const confirmation = lastUpload();
    expect(confirmation).not.toBe(sent);
    expect(confirmation.url).toBe('/api/import/raw-data');
    expect(confirmation.body?.get('preview_id')).toBe(preview.preview_id);
    expect(confirmation.body?.get('replace')).toBe('true');
    expect(confirmation.body?.has('file')).toBe(false);
    expect(confirmation.body?.has('dry_run')).toBe(false);
    expect(
      await screen.findByText('Importing the file and recalculating the scoresheet...'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Initialize System' })).toBeDisabled();
    confirmation.respond(200, success);

    // Rows were skipped: a warning with the first reasons, not a plain success.
    await waitFor(() => expect(within(region).queryByText('Nothing has been imported yet.')).toBeNull());
    const result = await within(region).findByRole('status');
    expect(result).toHaveTextContent('Imported 1,701 records; 2 rows skipped, 1 warning');
    expect(result).toHaveTextContent('Row 14: Invalid date "13/45/2025"');
    expect(result).toHaveTextContent('Row 30: Amount "abc" read as 0');
    expect(result).not.toHaveTextContent('Successfully');
    await waitFor(() => expect(historyCalls()).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: 'Initialize System' })).toBeEnabled();
    // The file is in: it is no longer chosen, so it cannot go in twice.
    expect(importButton).toBeDisabled();

    await userEvent.click(within(region).getByRole('button', { name: 'Skipped rows (2)' }));
    const skippedRow = within(region).getByText('Invalid date "13/45/2025"').closest('tr')!;
    expect(skippedRow).toHaveTextContent('14');
    await userEvent.click(within(region).getByRole('button', { name: 'Warnings (1)' }));
    expect(within(region).getByText('Amount "abc" read as 0')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Unmapped codes (2)' }));
    expect(within(region).getByText('D1110').closest('tr')).toHaveTextContent('212');
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('warns in words about a file that looks wrong; Cancel imports nothing and lets the server drop it', async () => {
    const { fetchMock } = renderSignedIn(
      <DataImportTab />,
      'manager',
      routes([historyItem], (url, init) =>
        init.method === 'DELETE' && url.startsWith('/api/import/preview/')
          ? { body: { success: true } }
          : undefined,
      ),
    );
    await chooseFile('Future Scheduled', csv('full-arch-report.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().respond(200, {
      ...preview,
      records_imported: 1805,
      rows_skipped: 0,
      skipped: [],
      warnings: [],
      unmapped_codes: [],
      replaces: 94,
      date_range: { from: '2024-03-01', to: '2026-10-30' },
      past_dates: 1805,
      looks_like: 'raw-data',
      cautions: [
        'These headers look like a Full Arch Report, not a Future Scheduled file.',
        '1,805 of 1,805 dated rows are before today: is this the Future Scheduled report?',
      ],
    });
    const region = card('Future Scheduled');
    const said = await within(region).findByRole('status');
    expect(said).toHaveTextContent('1,805 rows dated 03/2024-10/2026; replaces 94 appointments');
    const cautions = within(said).getByRole('list', { name: 'Cautions' });
    expect(cautions).toHaveTextContent(
      'These headers look like a Full Arch Report, not a Future Scheduled file.',
    );
    expect(cautions).toHaveTextContent('1,805 of 1,805 dated rows are before today');
    expect(within(region).queryByRole('button', { name: 'Confirm import' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Import anyway' })).toBeEnabled();

    await userEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(await within(region).findByText('Cancelled: nothing was imported.')).toBeInTheDocument();
    expect(within(region).queryByText(/rows dated/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Import Future Scheduled' })).toBeDisabled();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === `/api/import/preview/${preview.preview_id}` && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('says when a preview has expired, and checks the file again on Import', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Future Scheduled', csv('future.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().respond(200, {
      ...preview,
      records_imported: 3,
      rows_skipped: 0,
      skipped: [],
      warnings: [],
    });
    const region = card('Future Scheduled');
    await userEvent.click(await within(region).findByRole('button', { name: 'Confirm import' }));
    lastUpload().respond(410, { success: false, error: 'This preview has expired: choose the file again' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'This preview has expired: choose the file again',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    expect(lastUpload().body?.get('dry_run')).toBe('true');
    expect((lastUpload().body?.get('file') as File | undefined)?.name).toBe('future.csv');
  });

  it('takes a file dropped on the upload box', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    const region = await screen.findByRole('region', { name: 'Future Scheduled' });
    const box = region.querySelector('[data-drop]')!;
    const file = csv('future.xlsx');
    fireEvent.dragOver(box, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(within(region).getByText('Drop the file to choose it')).toBeInTheDocument();
    fireEvent.drop(box, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(within(region).getByText('future.xlsx')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Future Scheduled' })).toBeEnabled();
  });

  it('merges the ignore list unless told to replace it', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Ignore List', csv('ignore.xlsx'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Ignore List' }));
    expect(lastUpload().url).toBe('/api/import/ignore-list');
    expect(lastUpload().body?.get('replace')).toBe('false');
    const clean = { rows_skipped: 0, skipped: [], warnings: [], unmapped_codes: [], date_range: null };
    lastUpload().respond(200, { ...preview, ...clean, records_imported: 6, replace: false, replaces: 0 });
    const region = card('Ignore List');
    expect(await within(region).findByRole('status')).toHaveTextContent('6 rows; merged into the list');
    // The preview counted what this choice replaces: it cannot change under it.
    expect(screen.getByRole('switch', { name: 'Replace the whole list' })).toBeDisabled();
    await userEvent.click(within(region).getByRole('button', { name: 'Confirm import' }));
    expect(lastUpload().body?.get('replace')).toBe('false');
    lastUpload().respond(200, { ...success, ...clean, records_imported: 6 });
    expect(await screen.findByText('Successfully imported 6 records')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Replace the whole list' }));
    await chooseFile('Ignore List', csv('ignore.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Ignore List' }));
    expect(lastUpload().body?.get('replace')).toBe('true');
    lastUpload().respond(200, { ...preview, ...clean, records_imported: 1, replace: true, replaces: 6 });
    expect(await within(region).findByRole('status')).toHaveTextContent('1 row; replaces 6 entries');
  });

  it('merges the leads unless told to replace them', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Leads', csv('leads.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Leads' }));
    expect(lastUpload().url).toBe('/api/import/leads');
    expect(lastUpload().body?.get('replace')).toBe('false');
    expect(lastUpload().body?.get('dry_run')).toBe('true');
    const clean = { rows_skipped: 0, skipped: [], warnings: [], unmapped_codes: [], cautions: [] };
    const range = { from: '2025-01-05', to: '2025-03-28' };
    lastUpload().respond(200, {
      ...preview,
      ...clean,
      records_imported: 212,
      replace: false,
      replaces: 0,
      date_range: range,
      past_dates: null,
      looks_like: null,
    });
    const region = card('Leads');
    expect(await within(region).findByRole('status')).toHaveTextContent(
      '212 rows dated 01/2025-03/2025; merged into the leads stored',
    );
    expect(
      within(region).getByText(/a lead already stored \(same name, date and source\) is kept once/),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Replace every lead' })).toBeDisabled();
    await userEvent.click(within(region).getByRole('button', { name: 'Confirm import' }));
    expect(lastUpload().body?.get('replace')).toBe('false');
    lastUpload().respond(200, { ...success, ...clean, records_imported: 212 });
    expect(await within(region).findByText('Successfully imported 212 records')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Replace every lead' }));
    expect(within(region).getByText('The file replaces every lead stored.')).toBeVisible();
    await chooseFile('Leads', csv('leads.xlsx'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Leads' }));
    expect(lastUpload().body?.get('replace')).toBe('true');
    lastUpload().respond(200, {
      ...preview,
      ...clean,
      records_imported: 30,
      replace: true,
      replaces: 212,
      date_range: range,
      past_dates: null,
      cautions: [
        'This file has 30 rows where 212 are stored now (85% fewer): importing it replaces them all. Is it the whole report?',
      ],
    });
    expect(await within(region).findByRole('status')).toHaveTextContent(
      '30 rows dated 01/2025-03/2025; replaces 212 leads',
    );
    expect(within(region).getByRole('button', { name: 'Import anyway' })).toBeEnabled();
  });

  it("shows the server's error, a 413's included", async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Future Scheduled', csv('future.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().respond(415, { success: false, error: 'Unsupported file type: use .csv, .xlsx or .xls' });
    expect(await within(card('Future Scheduled')).findByRole('alert')).toHaveTextContent(
      'Unsupported file type: use .csv, .xlsx or .xls',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().respond(413, { success: false, error: 'The file is larger than the 100 MB upload limit' });
    expect(await within(card('Future Scheduled')).findByRole('alert')).toHaveTextContent(
      'The file is larger than the 100 MB upload limit',
    );
  });

  it("shows 'Import failed' when the server gave no words", async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Future Scheduled', csv('future.csv'));

    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().respond(502, '<html>Bad gateway</html>');
    expect(await within(card('Future Scheduled')).findByRole('alert')).toHaveTextContent(/^Import failed$/);

    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().respond(200, { success: false });
    expect(await within(card('Future Scheduled')).findByRole('alert')).toHaveTextContent(/^Import failed$/);

    await userEvent.click(screen.getByRole('button', { name: 'Import Future Scheduled' }));
    lastUpload().fail();
    expect(await within(card('Future Scheduled')).findByRole('alert')).toHaveTextContent(
      'Import failed: Network error',
    );
  });

  it('lists the rows of a file that had no valid row', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Full Arch Report', csv());
    await userEvent.click(await screen.findByRole('button', { name: 'Import Full Arch Report' }));
    lastUpload().respond(422, {
      success: false,
      error: 'The file has no valid row',
      skipped: [{ row: 2, reason: 'Missing date' }],
      rows_skipped: 1,
    });
    const region = card('Full Arch Report');
    expect(await within(region).findByRole('alert')).toHaveTextContent('The file has no valid row');
    await userEvent.click(within(region).getByRole('button', { name: 'Skipped rows (1)' }));
    expect(within(region).getByText('Missing date')).toBeInTheDocument();
  });

  it('ends the session on a 401', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    await chooseFile('Full Arch Report', csv());
    await userEvent.click(await screen.findByRole('button', { name: 'Import Full Arch Report' }));
    lastUpload().respond(401, { success: false, error: 'Your session has ended. Please sign in again.' });
    await waitFor(() => expect(ended).toHaveBeenCalledWith('Your session has ended. Please sign in again.'));
    expect(readToken()).toBeNull();
    stop();
  });

  it('initializes the system and says whether it worked', async () => {
    let fail = false;
    renderSignedIn(
      <DataImportTab />,
      'admin',
      routes([historyItem], (url, init) => {
        if (url !== '/api/initialize' || init.method !== 'POST') return undefined;
        return fail
          ? { status: 500, body: { success: false, error: 'Internal server error' } }
          : {
              body: {
                success: true,
                message: 'System initialized with default mappings',
                code_mappings_added: 14,
                mapping_values: 2047,
              },
            };
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Initialize System' }));
    expect(await screen.findByRole('status')).toHaveTextContent('System initialized with default mappings');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Initialize System' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Initialization failed');
  });

  it('offers sample data on an empty system and shows what the server said', async () => {
    let history: ImportHistoryItem[] = [];
    renderSignedIn(<DataImportTab />, 'manager', (url, init) => {
      if (url === '/api/import/history') return { body: { success: true, imports: history } };
      if (url === '/api/import/sample-data' && init.method === 'POST') {
        history = [historyItem];
        return {
          body: {
            success: true,
            message: 'Sample data loaded. Import your own files at any time to replace it.',
            imports: [],
          },
        };
      }
      return undefined;
    });
    expect(await screen.findByText(/No files imported yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load sample data' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sample data loaded.');
    expect(await screen.findByText('full-arch-report.csv')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).not.toBeInTheDocument();
  });

  it('is read-only for a provider', async () => {
    renderSignedIn(<DataImportTab />, 'provider', routes([]));
    expect(await screen.findByText('Only managers and admins can import data.')).toBeInTheDocument();
    for (const name of [
      'Import Full Arch Report',
      'Import Future Scheduled',
      'Import Ignore List',
      'Initialize System',
    ])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Replace the whole list' })).toBeDisabled();
    expect(await screen.findByText(/No files imported yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).not.toBeInTheDocument();
  });
});
