import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal } from '../../../common/api/goals';
import { jsonBody, mockFetch, type Route, renderSignedIn, renderWithProviders } from '../../test-utils';
import ConfigurationTab from '.';
import { GoalsCard } from './goals-card';

const YEAR = new Date().getFullYear();
const twelve = (n: number) => Array(12).fill(n);

const thisYear: Goal[] = [
  { provider: 'Dr. Adams', metric: 'consults', months: twelve(10) },
  { provider: 'Dr. Adams', metric: 'arch_value', months: [...twelve(25000).slice(1), 1250.5] },
];
const lastYear: Goal[] = [
  { provider: 'Dr. Adams', metric: 'won', months: twelve(4) },
  { provider: 'Dr. Chen', metric: 'consults', months: twelve(8) },
];

/** The goals of each year as the server keeps them; a PUT replaces a year's and answers them. */
function goalsServer(years: Record<number, Goal[]>, more: Route = () => undefined): Route {
  return (url, init) => {
    const method = init.method ?? 'GET';
    const get = /^\/api\/config\/goals\?year=(\d+)$/.exec(url);
    if (get && method === 'GET')
      return { body: { success: true, year: Number(get[1]), goals: years[Number(get[1])] ?? [] } };
    if (url === '/api/dashboard/providers')
      return {
        body: { success: true, providers: ['Dr. Adams', 'Dr. Chen', 'Dr. Diaz'], years: [YEAR - 1, YEAR] },
      };
    const answer = more(url, init);
    if (answer) return answer;
    if (url === '/api/config/goals' && method === 'PUT') {
      const body = jsonBody(init) as { year: number; goals: Goal[] };
      years[body.year] = body.goals;
      return { body: { success: true, year: body.year, goals: body.goals } };
    }
    return undefined;
  };
}

function renderCard(years: Record<number, Goal[]>, more?: Route) {
  const fetchMock = mockFetch(goalsServer(years, more));
  renderWithProviders(<GoalsCard canEdit />);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const box = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save Goals' });
const modes = (name: string) => screen.getByRole('radiogroup', { name: `${name}: how the goal is set` });

afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 4000 });
describe('Goals card', { timeout: 20_000 }, () => {
  it("shows the year's goals, one amount or twelve, and another year's when chosen", async () => {
    renderCard({ [YEAR]: thisYear, [YEAR - 1]: lastYear });
    expect(await screen.findByRole('textbox', { name: 'Dr. Adams Consults every month' })).toHaveValue('10');
    expect(box('Dr. Adams Cases won every month')).toHaveValue('');
    expect(box('Dr. Adams Arch value January')).toHaveValue('25,000');
    expect(box('Dr. Adams Arch value December')).toHaveValue('1,250.50');
    expect(
      within(modes('Dr. Adams Arch value')).getByRole('radio', { name: 'Month by month' }),
    ).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(String(YEAR));
    expect(saveButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: String(YEAR - 1) }));
    expect(await screen.findByRole('textbox', { name: 'Dr. Chen Consults every month' })).toHaveValue('8');
    expect(box('Dr. Adams Cases won every month')).toHaveValue('4');
    expect(screen.queryByRole('textbox', { name: 'Dr. Adams Arch value January' })).not.toBeInTheDocument();
  });

  it('saves one amount for every month, or twelve, and shows what the server kept', async () => {
    const fetchMock = renderCard({ [YEAR]: thisYear });
    const consults = await screen.findByRole('textbox', { name: 'Dr. Adams Consults every month' });
    await userEvent.click(within(modes('Dr. Adams Consults')).getByRole('radio', { name: 'Month by month' }));
    expect(screen.queryByRole('textbox', { name: 'Dr. Adams Consults every month' })).not.toBeInTheDocument();
    expect(consults).not.toBeInTheDocument();
    const march = box('Dr. Adams Consults March');
    expect(march).toHaveValue('10');
    // The same goals in twelve boxes are no change.
    expect(saveButton()).toBeDisabled();
    await userEvent.clear(march);
    await userEvent.type(march, '12');
    await userEvent.type(box('Dr. Adams Cases won every month'), '5');
    expect(screen.getByText('Unsaved changes: Save Goals keeps them.')).toBeVisible();

    await userEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Goals saved.');
    const [[, init]] = puts(fetchMock);
    expect(jsonBody(init!)).toEqual({
      year: YEAR,
      goals: [
        { provider: 'Dr. Adams', metric: 'consults', months: [10, 10, 12, ...twelve(10).slice(3)] },
        { provider: 'Dr. Adams', metric: 'won', months: twelve(5) },
        thisYear[1],
      ],
    });
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();
    expect(box('Dr. Adams Cases won every month')).toHaveValue('5');
    expect(box('Dr. Adams Consults March')).toHaveValue('12');
  });

  it('marks every bad box at its place and saves nothing', async () => {
    const fetchMock = renderCard({ [YEAR]: thisYear });
    const consults = await screen.findByRole('textbox', { name: 'Dr. Adams Consults every month' });
    await userEvent.clear(consults);
    await userEvent.type(consults, '2.5');
    const december = box('Dr. Adams Arch value December');
    await userEvent.clear(december);
    await userEvent.type(december, '-1');
    await userEvent.clear(box('Dr. Adams Arch value June'));
    await userEvent.click(saveButton());

    expect(
      await screen.findByText('Nothing was saved: correct the marked goals, then save again.'),
    ).toBeVisible();
    expect(consults).toHaveAccessibleDescription('Must be a whole number');
    expect(consults).toHaveAttribute('aria-invalid', 'true');
    expect(december).toHaveAccessibleDescription('Must be 0 or more');
    expect(box('Dr. Adams Arch value June')).toHaveAccessibleDescription('Must be a number');
    expect(box('Dr. Adams Arch value May')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(consults).toHaveFocus();
    expect(puts(fetchMock)).toHaveLength(0);

    // Typing in a box takes its mark away, and the others stay.
    await userEvent.clear(consults);
    await userEvent.type(consults, '3');
    expect(consults).not.toHaveAttribute('aria-invalid');
    expect(december).toHaveAttribute('aria-invalid', 'true');
  });

  it("says the server's reason when it refuses", async () => {
    renderCard({ [YEAR]: thisYear }, (url, init) =>
      url === '/api/config/goals' && init.method === 'PUT'
        ? {
            status: 400,
            body: { success: false, error: 'Goal 1 (Dr. Adams, Consults): March must be a number' },
          }
        : undefined,
    );
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Dr. Adams Cases won every month' }),
      '1',
    );
    await userEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Goals not saved');
    expect(alert).toHaveTextContent('Goal 1 (Dr. Adams, Consults): March must be a number');
    expect(saveButton()).toBeEnabled();
  });

  it('copies the year before, saved only with Save, and says when it has none', async () => {
    const fetchMock = renderCard({ [YEAR - 1]: lastYear });
    expect(await screen.findByText(/No goals for \d{4}\. Add a provider below/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy from last year' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Copied the goals of ${YEAR - 1}. Save to keep them for ${YEAR}.`,
    );
    expect(box('Dr. Chen Consults every month')).toHaveValue('8');
    expect(box('Dr. Adams Cases won every month')).toHaveValue('4');
    expect(puts(fetchMock)).toHaveLength(0);
    await userEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Goals saved.');
    expect(jsonBody(puts(fetchMock)[0][1]!)).toEqual({ year: YEAR, goals: lastYear });

    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: String(YEAR - 1) }));
    await screen.findByRole('textbox', { name: 'Dr. Chen Consults every month' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy from last year' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `There are no goals for ${YEAR - 2} to copy.`,
    );
    expect(saveButton()).toBeDisabled();
  });

  it('adds a provider by name, refuses one already there, and removes one', async () => {
    const fetchMock = renderCard({ [YEAR]: thisYear });
    const name = await screen.findByRole('combobox', { name: 'Add provider' });
    await userEvent.type(name, 'ch');
    await userEvent.click(await screen.findByRole('option', { name: 'Dr. Chen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const chen = box('Dr. Chen Consults every month');
    expect(chen).toHaveFocus();
    await userEvent.type(chen, '6');

    // Any name is allowed, trimmed; one already in the grid is refused.
    await userEvent.type(name, '  dr. adams {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dr. Adams already has goals here');
    await userEvent.clear(name);
    await userEvent.type(name, '  Dr.   Zed {Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box('Dr. Zed Consults every month')).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Dr. Zed' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Dr. Adams' }));
    expect(screen.queryByRole('group', { name: 'Dr. Adams' })).not.toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Goals saved.');
    // A provider left without any amount has no goal to keep.
    expect(jsonBody(puts(fetchMock)[0][1]!)).toEqual({
      year: YEAR,
      goals: [{ provider: 'Dr. Chen', metric: 'consults', months: twelve(6) }],
    });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Dr. Zed' })).not.toBeInTheDocument());
  });

  it('discards unsaved changes', async () => {
    renderCard({ [YEAR]: thisYear });
    const consults = await screen.findByRole('textbox', { name: 'Dr. Adams Consults every month' });
    await userEvent.type(consults, '0');
    expect(consults).toHaveValue('100');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(consults).toHaveValue('10');
    expect(saveButton()).toBeDisabled();
  });

  it('is read-only for a provider, with the reason', async () => {
    renderSignedIn(<ConfigurationTab />, 'provider', goalsServer({ [YEAR]: thisYear }));
    const consults = await screen.findByRole('textbox', { name: 'Dr. Adams Consults every month' });
    expect(consults).toHaveValue('10');
    expect(consults).toHaveAttribute('readonly');
    expect(box('Dr. Adams Arch value December')).toHaveAttribute('readonly');
    expect(screen.getByText('Only managers and admins can change goals.')).toBeVisible();
    const card = screen.getByRole('region', { name: 'Goals' });
    expect(within(card).getByText('No goal')).toBeVisible();
    expect(within(card).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: /Save|Add|Copy|Remove|Discard/ }),
    ).not.toBeInTheDocument();
    expect(within(card).queryByRole('combobox', { name: 'Add provider' })).not.toBeInTheDocument();
  });
});
