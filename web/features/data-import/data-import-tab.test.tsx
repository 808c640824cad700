import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportHistoryItem, ImportResponse } from '../../../common/api/imports';
import { onSessionEnded, readToken } from '../../lib/api';
import { type Route, renderSignedIn } from '../../test-utils';
import DataImportTab from '.';
import { lastUpload, stubXhr } from './fake-xhr';

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
  it('shows the three uploads, the initialization, the note and the history', async () => {
    renderSignedIn(<DataImportTab />, 'manager', routes([historyItem]));
    expect(await screen.findByRole('region', { name: 'Full Arch Report' })).toHaveTextContent(
      'Excel or CSV with procedure data',
    );
    expect(card('Future Scheduled')).toHaveTextContent('Excel or CSV with future appointments');
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

  it('needs a file before Import, then uploads it with progress and reports the result', async () => {
    const { fetchMock } = renderSignedIn(<DataImportTab />, 'admin', routes([]));
    const importButton = await screen.findByRole('button', { name: 'Import Full Arch Report' });
    expect(importButton).toBeDisabled();

    await chooseFile('Full Arch Report', csv());
    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);

    const xhr = lastUpload();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/import/raw-data');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect(xhr.body?.get('replace')).toBe('true');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('report.csv');

    // Every action of the tab waits while a file is uploading.
    xhr.progress(50, 100);
    expect(await screen.findByText('Uploading... 50%')).toBeInTheDocument();
    for (const name of [
      'Import Future Scheduled',
      'Import Ignore List',
      'Initialize System',
      'Load sample data',
    ])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    xhr.progress(100, 100);
    expect(await screen.findByText(/Processing the file/)).toBeInTheDocument();

    const historyCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/import/history').length;
    const before = historyCalls();
    xhr.respond(200, success);

    // Rows were skipped: a warning with the first reasons, not a plain success.
    const result = await within(card('Full Arch Report')).findByRole('status');
    expect(result).toHaveTextContent('Imported 1,701 records; 2 rows skipped, 1 warning');
    expect(result).toHaveTextContent('Row 14: Invalid date "13/45/2025"');
    expect(result).toHaveTextContent('Row 30: Amount "abc" read as 0');
    expect(result).not.toHaveTextContent('Successfully');
    await waitFor(() => expect(historyCalls()).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: 'Initialize System' })).toBeEnabled();

    const region = card('Full Arch Report');
    await userEvent.click(within(region).getByRole('button', { name: 'Skipped rows (2)' }));
    const skippedRow = within(region).getByText('Invalid date "13/45/2025"').closest('tr')!;
    expect(skippedRow).toHaveTextContent('14');
    await userEvent.click(within(region).getByRole('button', { name: 'Warnings (1)' }));
    expect(within(region).getByText('Amount "abc" read as 0')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Unmapped codes (2)' }));
    expect(within(region).getByText('D1110').closest('tr')).toHaveTextContent('212');
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
    lastUpload().respond(200, {
      ...success,
      records_imported: 6,
      rows_skipped: 0,
      skipped: [],
      warnings: [],
    });
    expect(await screen.findByText('Successfully imported 6 records')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Replace the whole list' }));
    await chooseFile('Ignore List', csv('ignore.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Import Ignore List' }));
    expect(lastUpload().body?.get('replace')).toBe('true');
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
