import { act, screen } from '@testing-library/react';
import { goTo } from '../../lib/address';
import { renderDashboard, serve } from './test-kit';

// Opening a detail list, turning its pages and closing it change the address, which the tab reads;
// the panels and charts are not drawn again for it (docs/performance.md, "Long detail lists").
const drawn = vi.hoisted(() => ({ trends: 0 }));
vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.mock('./trends', () => ({
  TrendsPanel: () => {
    drawn.trends++;
    return null;
  },
}));
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

it('does not draw the panels again when only the detail list in the address changes', async () => {
  window.history.replaceState(null, '', '/dashboard');
  serve();
  renderDashboard();
  await screen.findByRole('table', { name: 'Consult Overview' });
  const before = drawn.trends;
  act(() => goTo('/dashboard?details=pending_finance_cases&details_page=2'));
  await screen.findByRole('dialog');
  act(() => goTo('/dashboard?details=pending_finance_cases&details_page=3', { replace: true }));
  expect(drawn.trends).toBe(before);
  // A filter does.
  act(() => goTo('/dashboard?year=2025'));
  expect(drawn.trends).toBeGreaterThan(before);
});
