import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonBody, renderSignedIn } from '../../test-utils';
import { Header } from './header';

configure({ asyncUtilTimeout: 4000 });
afterEach(() => vi.unstubAllGlobals());

function HeaderOf({ onLogout = () => undefined }: { onLogout?: () => void }) {
  const user = {
    id: 1,
    username: 'a-manager',
    email: null,
    role: 'manager' as const,
    provider_name: null,
    is_active: true,
    has_mfa: false,
    last_login: null,
    created_at: '2025-01-01T00:00:00.000Z',
  };
  return <Header user={user} onLogout={onLogout} />;
}

async function openChangePassword() {
  await userEvent.click(await screen.findByRole('button', { name: /Welcome, a-manager/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
  return screen.getByRole('dialog', { name: 'Change Password' });
}

describe('Header', { timeout: 20_000 }, () => {
  it('keeps Logout on the bar and in the user menu', async () => {
    const onLogout = vi.fn();
    renderSignedIn(<HeaderOf onLogout={onLogout} />, 'manager', () => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: /Welcome, a-manager/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(2);
  });

  it('checks the change-password boxes before asking the server', async () => {
    const { fetchMock } = renderSignedIn(<HeaderOf />, 'manager', () => undefined);
    const dialog = await openChangePassword();
    await userEvent.type(within(dialog).getByLabelText(/^New Password/), 'new-pass');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm New Password/), 'new-pas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog).getByLabelText(/^Current Password/)).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(within(dialog).getByLabelText(/^Confirm New Password/)).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('change-password'))).toBe(false);
  });

  it('shows a wrong current password under its box, then changes it and keeps the session', async () => {
    const { fetchMock } = renderSignedIn(<HeaderOf />, 'manager', (url, init) => {
      if (url !== '/api/auth/change-password') return undefined;
      const body = jsonBody(init) as { current_password: string };
      if (body.current_password !== 'old-pass')
        return {
          status: 400,
          body: {
            success: false,
            error: 'Current password is incorrect',
            code: 'wrong_password',
            field: 'current_password',
          },
        };
      return {
        body: {
          success: true,
          message: 'Your password has been changed',
          token: 'new-token',
          user: {
            id: 1,
            username: 'a-manager',
            email: null,
            role: 'manager',
            provider_name: null,
            is_active: true,
            has_mfa: false,
            last_login: null,
            created_at: '2025-01-01T00:00:00.000Z',
          },
        },
      };
    });
    const dialog = await openChangePassword();
    const current = within(dialog).getByLabelText(/^Current Password/);
    await userEvent.type(current, 'not-it');
    await userEvent.type(within(dialog).getByLabelText(/^New Password/), 'new-pass');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm New Password/), 'new-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Current password is incorrect'));
    expect(localStorage.getItem('token')).toBe('test-token');

    await userEvent.clear(current);
    await userEvent.type(current, 'old-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('new-token');
    const [, init] = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/change-password').at(-1)!;
    expect(jsonBody(init!)).toEqual({ current_password: 'old-pass', new_password: 'new-pass' });
    // Still signed in: the header is still there.
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
