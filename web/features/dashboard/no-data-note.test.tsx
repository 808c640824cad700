import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardApi } from '../../../common/api/dashboard';
import { importsApi } from '../../../common/api/imports';
import { renderSignedIn } from '../../test-utils';
import { NoDataNote } from './no-data-note';

// The empty Dashboard says why it is empty, and offers the sample data to those who may import.

function renderNote(role: 'manager' | 'provider', lastImport: string | null) {
  let loaded = false;
  const view = renderSignedIn(<NoDataNote />, role, (url, init) => {
    if (url === dashboardApi.lastImportDate.path)
      return {
        body: {
          success: true,
          last_import_date: loaded ? '2026-11-24T08:00:00.000Z' : lastImport,
          data_through: null,
        },
      };
    if (url === importsApi.sampleData.path && init.method === 'POST') {
      loaded = true;
      return { body: { success: true, message: 'Sample data loaded', imports: [] } };
    }
    return undefined;
  });
  return view;
}

describe('the empty Dashboard', () => {
  it('offers a manager the sample data, and goes away once it is loaded', async () => {
    const { fetchMock } = renderNote('manager', null);
    await screen.findByText('No data yet');
    await userEvent.click(screen.getByRole('button', { name: 'Load sample data' }));
    await waitFor(() => expect(screen.queryByText('No data yet')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => url === importsApi.sampleData.path)).toBe(true);
  });

  it('tells a provider who can load data, with no button', async () => {
    renderNote('provider', null);
    expect(await screen.findByText(/once a manager or admin imports/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load sample data' })).toBeNull();
  });

  it('says nothing once data was imported', async () => {
    const { fetchMock } = renderNote('manager', '2026-11-22T21:15:00.000Z');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === dashboardApi.lastImportDate.path)).toBe(true),
    );
    expect(screen.queryByText('No data yet')).toBeNull();
  });
});
