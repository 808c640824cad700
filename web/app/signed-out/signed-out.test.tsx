import { render as renderRtl, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonBody, mockFetch } from '../../test-utils';
import { App } from '../app';

const admin = {
  id: 1,
  username: 'admin',
  email: null,
  role: 'admin',
  provider_name: null,
  is_active: true,
  last_login: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

const render = () => renderRtl(<App env="test" />);

/** The calls made but the sign-in screen's question whether single sign-on is offered. */
const callsBut = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) !== '/api/auth/oidc');

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('Single sign-on', () => {
  const offered = {
    body: { success: true, enabled: true, name: 'Lakeside Workspace', password_login: true },
  };

  it('offers the button only when the server has it set up, as a link to its start', async () => {
    mockFetch((url) => (url === '/api/auth/oidc' ? offered : undefined));
    render();
    const button = await screen.findByRole('link', { name: 'Sign in with Lakeside Workspace' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/start');
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
  });

  it('offers no button when it is not set up', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/oidc'
        ? { body: { success: true, enabled: false, name: null, password_login: true } }
        : undefined,
    );
    render();
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('signs in with the ticket in the address, once, and takes it off the address', async () => {
    window.history.replaceState(null, '', '/login?sso=ticket-1');
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/oidc/complete' ? { body: { success: true, token: 't2', user: admin } } : undefined,
    );
    render();
    expect(await screen.findByText('Welcome,', { exact: false })).toHaveTextContent('Welcome, admin (admin)');
    expect(localStorage.getItem('token')).toBe('t2');
    const completes = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/oidc/complete');
    expect(completes.map(([, init]) => jsonBody(init!))).toEqual([{ ticket: 'ticket-1' }]);
    expect(window.location.search).not.toContain('ticket-1');
  });

  it("shows a refusal in the server's words on the sign-in screen", async () => {
    window.history.replaceState(null, '', '/login?sso=ticket-2');
    const words = 'No active account for someone@example.com: ask an administrator';
    mockFetch((url) =>
      url === '/api/auth/oidc/complete'
        ? { status: 403, body: { success: false, error: words, code: 'sso_no_account' } }
        : url === '/api/auth/oidc'
          ? offered
          : undefined,
    );
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(await screen.findByRole('link', { name: 'Sign in with Lakeside Workspace' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Login', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockFetch(() => undefined);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsBut(fetchMock)).toEqual([]);
  });

  it("shows the server's error, and 'Login failed' when there is none", async () => {
    let answer = { status: 401, body: { success: false, error: 'Invalid username or password' } as unknown };
    mockFetch(() => answer);
    render();
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');

    answer = { status: 500, body: null };
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
  });

  it('signs in, keeps the token, and shows the header', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/login' ? { body: { success: true, token: 't1', user: admin } } : undefined,
    );
    render();
    await userEvent.type(await screen.findByLabelText(/Username/), ' admin ');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome,', { exact: false })).toHaveTextContent('Welcome, admin (admin)');
    expect(localStorage.getItem('token')).toBe('t1');
    expect(jsonBody(callsBut(fetchMock)[0][1]!)).toEqual({ username: 'admin', password: 'secret' });
    expect(screen.getByRole('tab', { name: 'User Management' })).toBeInTheDocument();
  });

  it('verifies a stored token at start and logs out when it is refused', async () => {
    localStorage.setItem('token', 'stale');
    mockFetch(() => ({
      status: 401,
      body: { success: false, error: 'Your session has ended. Please sign in again.' },
    }));
    render();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Password reset', () => {
  it('shows the invalid-link screen for an empty token', async () => {
    window.history.replaceState(null, '', '/?token=');
    mockFetch(() => undefined);
    render();
    expect(
      await screen.findByText('Invalid reset link. Please request a new password reset.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('checks the new password before sending it', async () => {
    window.history.replaceState(null, '', '/?token=abc');
    const fetchMock = mockFetch(() => ({
      body: { success: true, message: 'Your password has been reset.' },
    }));
    render();
    const password = await screen.findByLabelText(/New Password/);
    const confirm = screen.getByLabelText(/Confirm Password/);
    const submit = screen.getByRole('button', { name: 'Reset Password' });

    await userEvent.type(password, 'abcdef');
    await userEvent.type(confirm, 'abcdeg');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');

    await userEvent.clear(password);
    await userEvent.clear(confirm);
    await userEvent.type(password, 'abc');
    await userEvent.type(confirm, 'abc');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(password, 'def');
    await userEvent.type(confirm, 'def');
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(jsonBody(fetchMock.mock.calls[0][1]!)).toEqual({ token: 'abc', password: 'abcdef' });
  });

  it("shows the request's message with the debug token appended", async () => {
    mockFetch(() => ({
      body: { success: true, message: 'If that email belongs to an account...', token: 'tok123' },
    }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/Email/));
    await userEvent.type(screen.getByLabelText(/Email/), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('If that email belongs to an account...');
    expect(status).toHaveTextContent('tok123');
  });
});
