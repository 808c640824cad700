import { render as renderRtl, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonBody, mockFetch, testUser } from '../../test-utils';
import { App } from '../app';

const manager = testUser('manager', { id: 4, username: 'maria', has_mfa: true });

const MFA_REQUIRED = { success: true, mfa_required: true, mfa_token: 'm1', methods: ['totp', 'recovery'] };

const render = () => renderRtl(<App env="test" />);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function password() {
  await userEvent.type(await screen.findByLabelText(/Username/), 'maria');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('The second step of a sign-in', () => {
  it('asks for the code after the password and enters with the session it answers', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/login') return { body: MFA_REQUIRED };
      if (url === '/api/auth/login/mfa') return { body: { success: true, token: 't2', user: manager } };
      return undefined;
    });
    render();
    await password();
    const code = await screen.findByRole('textbox', { name: /6-digit code/ });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // What apps show and phones paste: only the digits are kept.
    await userEvent.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome,', { exact: false })).toHaveTextContent('Welcome, maria');
    expect(localStorage.getItem('token')).toBe('t2');
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login/mfa');
    expect(jsonBody(sent?.[1] as RequestInit)).toEqual({ mfa_token: 'm1', code: '123456' });
  });

  it('says a wrong code under the box and keeps the box for another try', async () => {
    mockFetch((url) => {
      if (url === '/api/auth/login') return { body: MFA_REQUIRED };
      if (url === '/api/auth/login/mfa')
        return { status: 401, body: { success: false, error: 'Wrong code', code: 'wrong_code' } };
      return undefined;
    });
    render();
    await password();
    const code = await screen.findByRole('textbox', { name: /6-digit code/ });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code');
    expect(screen.getByRole('textbox', { name: /6-digit code/ })).toHaveValue('000000');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says too many attempts in words, and an expired sign-in sends back to the password', async () => {
    let answer: { status: number; body: unknown } = {
      status: 429,
      body: {
        success: false,
        error: 'Too many failed attempts. Try again in 15 minutes.',
        code: 'sign_in_locked',
      },
    };
    mockFetch((url) => {
      if (url === '/api/auth/login') return { body: MFA_REQUIRED };
      if (url === '/api/auth/login/mfa') return answer;
      return undefined;
    });
    render();
    await password();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'abcd-efgh-ijkl');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. Try again in 15 minutes.',
    );

    answer = {
      status: 401,
      body: {
        success: false,
        error: 'This sign-in has expired or was already completed. Please sign in again.',
        code: 'mfa_token_expired',
      },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired');
  });

  it('sends a user the setting covers to set up an authenticator app first', async () => {
    mockFetch((url) =>
      url === '/api/auth/login'
        ? { body: { success: true, mfa_setup_required: true, setup_token: 's1' } }
        : undefined,
    );
    render();
    await password();
    expect(await screen.findByText(/Your organization requires a second factor/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up the authenticator app' })).toBeInTheDocument();
  });
});
