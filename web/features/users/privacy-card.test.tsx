import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonBody, mockFetch, renderWithProviders } from '../../test-utils';
import { PrivacyCard } from './privacy-card';

// The admin's "providers see their own" switch (docs/behaviour.md section 14).

const PRIVACY = '/api/config/privacy';

afterEach(() => vi.unstubAllGlobals());

describe('the Privacy card', () => {
  it('shows the setting, saves a change at once and says so', async () => {
    let on = false;
    const fetchMock = mockFetch((url, init) => {
      if (url !== PRIVACY) return undefined;
      if (init.method === 'PUT')
        on = (jsonBody(init) as { providers_see_own_only: boolean }).providers_see_own_only;
      return { body: { success: true, providers_see_own_only: on } };
    });
    renderWithProviders(<PrivacyCard />);
    const toggle = await screen.findByRole('switch', { name: 'Providers see only their own patients' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/sees only the patients, figures and exports/);

    await userEvent.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: providers now see only their own patients.',
    );
    expect(toggle).toBeChecked();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(jsonBody(put![1]!)).toEqual({ providers_see_own_only: true });

    await userEvent.click(toggle);
    expect(await screen.findByText('Saved: providers see every patient.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it("says why a change was not saved, and keeps the server's value", async () => {
    mockFetch((url, init) => {
      if (url !== PRIVACY) return undefined;
      if (init.method === 'PUT')
        return { status: 403, body: { success: false, error: 'Only admins can change the privacy setting' } };
      return { body: { success: true, providers_see_own_only: false } };
    });
    renderWithProviders(<PrivacyCard />);
    const toggle = await screen.findByRole('switch', { name: 'Providers see only their own patients' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can change the privacy setting');
    expect(toggle).not.toBeChecked();
  });
});
