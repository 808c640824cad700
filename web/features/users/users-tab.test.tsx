import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../common/api/auth';
import { jsonBody, mockFetch, renderWithProviders } from '../../test-utils';
import UsersTab from '.';

const makeUser = (over: Partial<User>): User => ({
  id: 1,
  username: 'admin',
  email: null,
  role: 'admin',
  provider_name: null,
  is_active: true,
  has_mfa: false,
  last_login: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

const admin = makeUser({});
const alice = makeUser({
  id: 2,
  username: 'alice',
  email: 'alice@example.com',
  role: 'provider',
  provider_name: 'Dr. Alice',
  last_login: '2025-03-09T12:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('User Management', () => {
  it('lists users with badges, last login and actions', async () => {
    mockFetch((url) =>
      url === '/api/auth/users' ? { body: { success: true, users: [admin, alice] } } : undefined,
    );
    renderWithProviders(<UsersTab />);
    const row = (await screen.findByText('alice', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('provider')).toBeInTheDocument();
    expect(within(row).getByText('Dr. Alice')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(
      within(screen.getByText('admin', { selector: 'td' }).closest('tr')!).getByText('Never'),
    ).toBeInTheDocument();
    // The only active admin cannot be deleted; others can.
    expect(screen.getByRole('button', { name: 'Delete admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete alice' })).toBeEnabled();
  });

  it('says why the list could not be fetched', async () => {
    mockFetch(() => ({ status: 403, body: { success: false, error: 'Only admins can manage users' } }));
    renderWithProviders(<UsersTab />);
    // Every card of the tab is refused alike; the users card's says it first.
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent(
      'Failed to fetch users: Only admins can manage users',
    );
  });

  it('validates the new-user form, then creates the user', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/users') return { body: { success: true, users: [admin] } };
      if (url === '/api/auth/register' && init.method === 'POST')
        return {
          status: 201,
          body: { success: true, user: makeUser({ id: 3, username: 'bob', role: 'provider' }) },
        };
      return undefined;
    });
    renderWithProviders(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Username/), 'bob');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Provider Name' }), 'Dr. Bob');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('bob', { selector: 'td' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register')!;
    expect(jsonBody(init!)).toEqual({
      username: 'bob',
      password: 'secret1',
      email: null,
      role: 'provider',
      provider_name: 'Dr. Bob',
    });
  });

  it('adds a coordinator, shown with their role badge', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/users') return { body: { success: true, users: [admin] } };
      if (url === '/api/auth/register' && init.method === 'POST')
        return {
          status: 201,
          body: { success: true, user: makeUser({ id: 4, username: 'casey', role: 'coordinator' }) },
        };
      return undefined;
    });
    renderWithProviders(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'casey');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coordinator' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Provider Name' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const row = (await screen.findByText('casey', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('coordinator')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register')!;
    expect(jsonBody(init!)).toMatchObject({ username: 'casey', role: 'coordinator', provider_name: null });
  });

  it('offers the providers in the data, and warns (without refusing) on a name that matches none', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/users') return { body: { success: true, users: [admin] } };
      if (url === '/api/dashboard/providers')
        return { body: { success: true, providers: ['Dr. Sarah Chen', 'Dr. Michael Rodriguez'], years: [] } };
      if (url === '/api/auth/register' && init.method === 'POST')
        return { status: 201, body: { success: true, user: makeUser({ id: 4, username: 'carol' }) } };
      return undefined;
    });
    renderWithProviders(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    const provider = within(dialog).getByRole('combobox', { name: 'Provider Name' });
    await userEvent.type(provider, 'chen');
    await userEvent.click(await screen.findByRole('option', { name: 'Dr. Sarah Chen' }));
    expect(provider).toHaveValue('Dr. Sarah Chen');
    expect(provider).not.toHaveAccessibleDescription(/imported data/);

    await userEvent.clear(provider);
    await userEvent.type(provider, 'Dr. Nobody');
    expect(provider).toHaveAccessibleDescription(/No provider in the imported data has this name/);
    expect(provider).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(provider);
    await userEvent.type(provider, 'dr. sarah chen');
    expect(provider).toHaveAccessibleDescription(/the data spells it "Dr. Sarah Chen"/);

    // A warning, not an error: the account is saved with the name as typed.
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'carol');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/register')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register')!;
    expect(jsonBody(init!)).toMatchObject({ provider_name: 'dr. sarah chen' });
  });

  it('edits without a password when left blank, and shows a server refusal', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/users') return { body: { success: true, users: [admin, alice] } };
      if (url === '/api/auth/users/2' && init.method === 'PUT')
        return { status: 409, body: { success: false, error: 'The username "admin" is already taken' } };
      return undefined;
    });
    renderWithProviders(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByText('Leave blank to keep the current password')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The username "admin" is already taken',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/users/2')!;
    expect(jsonBody(init!)).not.toHaveProperty('password');
  });

  it('locks role and Active for the only active admin', async () => {
    mockFetch((url) =>
      url === '/api/auth/users' ? { body: { success: true, users: [admin, alice] } } : undefined,
    );
    renderWithProviders(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
  });

  it('asks before deleting and reports a failure', async () => {
    mockFetch((url, init) => {
      if (url === '/api/auth/users') return { body: { success: true, users: [admin, alice] } };
      if (init.method === 'DELETE')
        return { status: 500, body: { success: false, error: 'Internal server error' } };
      return undefined;
    });
    renderWithProviders(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete User' });
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete user');
  });
});
