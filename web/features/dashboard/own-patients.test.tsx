import { configure, screen, waitFor } from '@testing-library/react';
import type { User } from '../../../common/api/auth';
import type { Role } from '../../../common/roles';
import { NO_PROVIDER_NAME_NOTE } from '../../components/own-patients-note';
import { renderSignedIn } from '../../test-utils';
import DashboardTab from '.';
import { answerDashboard, calls } from './test-kit';

// "Providers see their own" (docs/behaviour.md section 14) as the Dashboard shows it.

vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const PRIVACY = '/api/config/privacy';

function renderAs(role: Role, ownOnly: boolean, user: Partial<User> = {}) {
  return renderSignedIn(
    <DashboardTab />,
    role,
    (raw) => {
      const url = new URL(raw, 'http://app.test');
      if (url.pathname === PRIVACY) return { body: { success: true, providers_see_own_only: ownOnly } };
      return answerDashboard(url);
    },
    user,
  ).fetchMock;
}

beforeEach(() => window.history.replaceState(null, '', '/dashboard?provider=Dr.%20Sarah%20Chen'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a provider held to their own patients', () => {
  it('has no Provider select, is told whose patients these are, and asks for theirs', async () => {
    const fetchMock = renderAs('provider', true);
    expect(await screen.findByText('You see your own patients only (Dr. Test).')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls(fetchMock, '/api/dashboard/consult-overview').at(-1)?.searchParams.get('provider')).toBe(
        'Dr. Test',
      ),
    );
  });

  it('is told why there are no figures when the account has no provider name', async () => {
    renderAs('provider', true, { provider_name: null });
    expect(await screen.findByText(NO_PROVIDER_NAME_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
  });
});

describe('with the setting off, or for managers and admins', () => {
  it('offers a provider the Provider select as before', async () => {
    renderAs('provider', false);
    expect(await screen.findByRole('combobox', { name: 'Provider' })).toHaveValue('Dr. Sarah Chen');
    await waitFor(() => expect(screen.queryByText(/You see your own patients only/)).toBeNull());
  });

  it('never asks an admin about the setting', async () => {
    const fetchMock = renderAs('admin', true);
    expect(await screen.findByRole('combobox', { name: 'Provider' })).toHaveValue('Dr. Sarah Chen');
    expect(calls(fetchMock, PRIVACY)).toEqual([]);
    expect(screen.queryByText(/You see your own patients only/)).toBeNull();
  });
});
