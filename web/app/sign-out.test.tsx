import { act, configure, render as renderRtl, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { draftKey } from '../lib/drafts';
import { ACTIVITY_KEY } from '../session/idle-phase';
import { testPatientId } from '../test-patients';
import { jsonBody, mockFetch, type Route } from '../test-utils';
import { App } from './app';

// Signing out ends the session on the server too (docs/security.md, Sessions), best effort.

configure({ asyncUtilTimeout: 10_000 });

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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Signed in with token `t1`, the automatic logoff after `idle` minutes; `logout` answers the sign-out. */
async function signedIn(idle: number, logout: Route = () => ({ body: { success: true } })) {
  localStorage.setItem('token', 't1');
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/auth/verify-token') return { body: { success: true, user: admin } };
    if (url === '/api/auth/session') return { body: { success: true, idle_timeout_minutes: idle } };
    if (url === '/api/auth/logout') return logout(url, init);
    if (url === '/api/auth/login') return { body: { success: true, token: 't2', user: admin } };
    return undefined;
  });
  renderRtl(<App env="test" />);
  await screen.findByText('Welcome,', { exact: false });
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/session')).toBe(true));
  return fetchMock;
}

const logoutCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/auth/logout').map(([, init]) => init ?? {});

describe('Logout', () => {
  it('ends the session on the server with the token it drops', async () => {
    const fetchMock = await signedIn(30);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    const [call] = logoutCalls(fetchMock);
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({ Authorization: 'Bearer t1' });
    expect(call.body).toBeUndefined();
  });

  it('signs out here whatever the server answers, and says nothing of a refusal', async () => {
    const fetchMock = await signedIn(30, () => ({
      status: 401,
      body: { success: false, error: 'Your session has ended. Please sign in again.' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(logoutCalls(fetchMock)).toHaveLength(1);
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it("forgets the user's drafts and views: the next person at this tab finds none of them", async () => {
    const draft = draftKey('case', 'admin', 'Ann Archer', 'note');
    sessionStorage.setItem(draft, JSON.stringify('Prefers mornings'));
    await signedIn(30);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(sessionStorage.getItem(draft)).toBeNull();
    expect(sessionStorage.getItem('idle-place')).toBeNull();
  });

  it('signs out here when the server cannot be reached', async () => {
    await signedIn(30);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the automatic logoff', () => {
  it('ends the session on the server, saying it was the automatic logoff', async () => {
    // Faked before the app starts, so its idle timers run on the fake clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.removeItem(ACTIVITY_KEY);
    const fetchMock = await signedIn(1);
    // The idle watch starts once the session's answer has rendered (it records the sign-in as
    // activity), which on a busy machine may come later than the call: the clock moves on after.
    await waitFor(() => expect(localStorage.getItem(ACTIVITY_KEY)).not.toBeNull());
    await act(async () => {
      vi.advanceTimersByTime(61_000);
    });
    expect(
      await screen.findByText('You were signed out after 1 minute without activity.'),
    ).toBeInTheDocument();
    const [call] = logoutCalls(fetchMock);
    expect(call.headers).toMatchObject({ Authorization: 'Bearer t1' });
    expect(jsonBody(call)).toEqual({ reason: 'idle' });
  });

  it('keeps the drafts, and signing in again goes back to the same case', async () => {
    const ANN = testPatientId('Ann Archer');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.removeItem(ACTIVITY_KEY);
    window.history.replaceState(null, '', `/follow-ups?case=${ANN}`);
    const draft = draftKey('case', 'admin', 'Ann Archer', 'note');
    sessionStorage.setItem(draft, JSON.stringify('Prefers mornings'));
    await signedIn(1);
    await waitFor(() => expect(localStorage.getItem(ACTIVITY_KEY)).not.toBeNull());
    // With a one-minute limit the warning is there from the first check.
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(
      await screen.findByText('Anything you have typed will be kept for when you sign in again.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // Signed out, the address names no patient; the draft waits in this tab.
    expect(window.location.pathname).toBe('/');
    expect(sessionStorage.getItem(draft)).toBe(JSON.stringify('Prefers mornings'));

    vi.useRealTimers();
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Welcome,', { exact: false });
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/follow-ups?case=${ANN}`);
  });
});
