import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../../common/api/worklist';
import { jsonBody } from '../../test-utils';
import { calls, PATIENTS, renderFollowUps, worklistAnswer } from './test-kit';
import { READ_ONLY_REASON, SAVED } from './thresholds-card';

// The thresholds card (docs/behaviour.md section 12): managers and admins change all five at once.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const THRESHOLDS = '/api/config/worklist-thresholds';
const form = () => screen.findByRole('form', { name: 'Follow-up thresholds' });
const field = (name: string) => screen.getByRole('textbox', { name });

/** A server whose thresholds a PUT changes (or refuses with `refuse`). */
function serveThresholds(role: 'manager' | 'admin' | 'provider', refuse?: string) {
  let current: Thresholds = { ...DEFAULT_THRESHOLDS };
  const puts: unknown[] = [];
  const view = renderFollowUps(role, {
    extra: (url, init) => {
      if (url.pathname === THRESHOLDS && init.method === 'PUT') {
        puts.push(jsonBody(init));
        if (refuse) return { status: 400, body: { success: false, error: refuse } };
        current = (jsonBody(init) as { thresholds: Thresholds }).thresholds;
        return { body: { success: true, thresholds: current } };
      }
      if (url.pathname === THRESHOLDS) return { body: { success: true, thresholds: current } };
      if (url.pathname === '/api/worklist') return { body: worklistAnswer(url, PATIENTS, current) };
      return undefined;
    },
  });
  return { ...view, puts };
}

afterEach(() => vi.unstubAllGlobals());

describe('the thresholds card', () => {
  it('edits the New leads threshold like the others', async () => {
    const { puts } = serveThresholds('manager');
    await form();
    expect(field('New leads')).toHaveValue('0');
    await userEvent.clear(field('New leads'));
    await userEvent.type(field('New leads'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Thresholds' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(puts).toEqual([{ thresholds: { ...DEFAULT_THRESHOLDS, new_lead: 2 } }]);
  });

  it('lets a manager change one threshold, sends all four, confirms and refetches the list', async () => {
    const { fetchMock, puts } = serveThresholds('manager');
    await form();
    expect(field('Awaiting Final')).toHaveValue('180');
    expect(field('Lost, win back')).toHaveValue('14');
    const save = screen.getByRole('button', { name: 'Save Thresholds' });
    expect(save).toBeDisabled();
    await waitFor(() => expect(calls(fetchMock, '/api/worklist')).toHaveLength(1));

    await userEvent.clear(field('Pending Finance'));
    await userEvent.type(field('Pending Finance'), '45');
    await userEvent.click(save);

    expect(await screen.findByRole('status')).toHaveTextContent(SAVED);
    expect(puts).toEqual([{ thresholds: { ...DEFAULT_THRESHOLDS, pending_finance: 45 } }]);
    await waitFor(() => expect(calls(fetchMock, '/api/worklist')).toHaveLength(2));
    expect(field('Pending Finance')).toHaveValue('45');
    expect(
      screen.getByRole('button', { name: /^Pending Finance: .*waiting 45\+ days$/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY_REASON)).toBeNull();
  });

  it("shows the server's refusal at the form", async () => {
    const { puts } = serveThresholds('admin', 'Each threshold must be between 0 and 3650 days');
    await form();
    await userEvent.clear(field('Awaiting Surgery'));
    await userEvent.type(field('Awaiting Surgery'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save Thresholds' }));
    const alert = await within(await form()).findByRole('alert');
    expect(alert).toHaveTextContent('Each threshold must be between 0 and 3650 days');
    expect(puts).toHaveLength(1);
    expect(field('Awaiting Surgery')).toHaveValue('60');
  });

  it('says what is wrong with an empty or too large value without calling the server', async () => {
    const { puts } = serveThresholds('manager');
    await form();
    await userEvent.clear(field('Awaiting Final'));
    await userEvent.clear(field('Lost, win back'));
    await userEvent.type(field('Lost, win back'), '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Save Thresholds' }));
    expect(await screen.findByText('Each threshold must be a whole number of days')).toBeInTheDocument();
    expect(screen.getByText('Each threshold must be between 0 and 3650 days')).toBeInTheDocument();
    expect(field('Lost, win back')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it('shows a provider the thresholds read-only, with the reason', async () => {
    serveThresholds('provider');
    await form();
    await waitFor(() => expect(field('Awaiting Final')).toHaveValue('180'));
    for (const name of ['Awaiting Final', 'Awaiting Surgery', 'Pending Finance', 'Lost, win back'])
      expect(field(name)).toBeDisabled();
    expect(screen.getByText(READ_ONLY_REASON)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Thresholds' })).toBeNull();
  });
});
