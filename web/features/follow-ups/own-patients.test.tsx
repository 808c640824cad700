import { configure, screen, waitFor } from '@testing-library/react';
import { calls, renderFollowUps } from './test-kit';

// "Providers see their own" (docs/behaviour.md section 14) as the Follow-ups tab shows it.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const privacy = (on: boolean) => (url: URL) =>
  url.pathname === '/api/config/privacy'
    ? { body: { success: true, providers_see_own_only: on } }
    : undefined;

beforeEach(() => window.history.replaceState(null, '', '/follow-ups?provider=Dr.%20Sarah%20Chen'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the Follow-ups filters of a provider', () => {
  it('hide the Provider select while the provider sees only their own, and say so', async () => {
    const { fetchMock } = renderFollowUps('provider', { extra: privacy(true) });
    expect(await screen.findByText('You see your own patients only (Dr. Test).')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
    await waitFor(() =>
      expect(calls(fetchMock, '/api/worklist').at(-1)?.searchParams.get('provider')).toBe('Dr. Test'),
    );
  });

  it('offer the Provider select when the setting is off', async () => {
    renderFollowUps('provider', { extra: privacy(false) });
    expect(await screen.findByRole('combobox', { name: 'Provider' })).toHaveValue('Dr. Sarah Chen');
    expect(screen.queryByText(/You see your own patients only/)).toBeNull();
  });
});
