import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SourceSpend } from '../../../common/api/marketing';
import { jsonBody, mockFetch, type Route, renderSignedIn, renderWithProviders } from '../../test-utils';
import ConfigurationTab from '.';
import { MarketingSpendCard } from './marketing-spend-card';

const YEAR = new Date().getFullYear();
const twelve = (n: number) => Array(12).fill(n);

const thisYear: SourceSpend[] = [
  { source: 'Facebook', months: twelve(1500) },
  { source: 'Google Ads', months: [...twelve(2000).slice(1), 1250.5] },
];
const lastYear: SourceSpend[] = [
  { source: 'Radio', months: twelve(800) },
  { source: 'Yelp', months: [100, ...twelve(0).slice(1)] },
];

/** The return by source of any year: the leads' sources, and the row of cases without a lead. */
const returnRows = ['Google Ads', 'Seminar', 'No lead'].map((source) => ({
  source,
  spend: null,
  leads: 1,
  consults: 0,
  won: 0,
  arches: 0,
  arch_value: 0,
  cost_per_lead: null,
  cost_per_consult: null,
  cost_per_arch: null,
  value_per_dollar: null,
  median_days_to_consult: null,
}));

/** The spend of each year as the server keeps it; a PUT replaces a year's and answers it. */
function spendServer(years: Record<number, SourceSpend[]>, more: Route = () => undefined): Route {
  return (url, init) => {
    const method = init.method ?? 'GET';
    const get = /^\/api\/config\/marketing-spend\?year=(\d+)$/.exec(url);
    if (get && method === 'GET')
      return { body: { success: true, year: Number(get[1]), spend: years[Number(get[1])] ?? [] } };
    if (url.startsWith('/api/dashboard/marketing?'))
      return {
        body: {
          success: true,
          year: YEAR,
          through: `${YEAR}-01`,
          spend_included: true,
          sources: returnRows,
          totals: { ...returnRows[0] },
        },
      };
    if (url === '/api/dashboard/providers')
      return { body: { success: true, providers: ['Dr. Adams'], years: [YEAR - 1, YEAR] } };
    if (url.startsWith('/api/config/goals?')) return { body: { success: true, year: YEAR, goals: [] } };
    const answer = more(url, init);
    if (answer) return answer;
    if (url === '/api/config/marketing-spend' && method === 'PUT') {
      const body = jsonBody(init) as { year: number; spend: SourceSpend[] };
      years[body.year] = body.spend;
      return { body: { success: true, year: body.year, spend: body.spend } };
    }
    return undefined;
  };
}

function renderCard(years: Record<number, SourceSpend[]>, more?: Route) {
  const fetchMock = mockFetch(spendServer(years, more));
  renderWithProviders(<MarketingSpendCard canEdit />);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const box = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save spend' });
const modes = (source: string) =>
  screen.getByRole('radiogroup', { name: `${source}: how the spend is entered` });

afterEach(() => vi.unstubAllGlobals());

configure({ asyncUtilTimeout: 4000 });
describe('Marketing spend card', { timeout: 20_000 }, () => {
  it("shows the year's spend, one amount or twelve, and another year's when chosen", async () => {
    renderCard({ [YEAR]: thisYear, [YEAR - 1]: lastYear });
    expect(await screen.findByRole('textbox', { name: 'Facebook every month' })).toHaveValue('1,500');
    expect(box('Google Ads January')).toHaveValue('2,000');
    expect(box('Google Ads December')).toHaveValue('1,250.50');
    expect(within(modes('Google Ads')).getByRole('radio', { name: 'Month by month' })).toBeChecked();
    expect(saveButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: String(YEAR - 1) }));
    expect(await screen.findByRole('textbox', { name: 'Radio every month' })).toHaveValue('800');
    expect(box('Yelp February')).toHaveValue('0');
    expect(screen.queryByRole('textbox', { name: 'Facebook every month' })).not.toBeInTheDocument();
  });

  it('fills the twelve months with one amount, or takes them one by one, and saves the whole year', async () => {
    const fetchMock = renderCard({ [YEAR]: thisYear });
    const facebook = await screen.findByRole('textbox', { name: 'Facebook every month' });
    await userEvent.clear(facebook);
    await userEvent.type(facebook, '$2,000');
    await userEvent.click(within(modes('Google Ads')).getByRole('radio', { name: 'Same every month' }));
    // The twelve were not all equal: the one box starts blank, and the twelve are kept.
    const google = box('Google Ads every month');
    expect(google).toHaveValue('');
    await userEvent.type(google, '999.5');
    expect(screen.getByText('Unsaved changes: Save spend keeps them.')).toBeVisible();

    await userEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Marketing spend saved.');
    expect(jsonBody(puts(fetchMock)[0][1]!)).toEqual({
      year: YEAR,
      spend: [
        { source: 'Facebook', months: twelve(2000) },
        { source: 'Google Ads', months: twelve(999.5) },
      ],
    });
    expect(saveButton()).toBeDisabled();
    expect(box('Google Ads every month')).toHaveValue('999.50');
  });

  it('marks every bad box at its place and saves nothing', async () => {
    const fetchMock = renderCard({ [YEAR]: thisYear });
    const facebook = await screen.findByRole('textbox', { name: 'Facebook every month' });
    await userEvent.clear(facebook);
    await userEvent.type(facebook, 'lots');
    const march = box('Google Ads March');
    await userEvent.clear(march);
    await userEvent.type(march, '-1');
    await userEvent.click(saveButton());

    expect(
      await screen.findByText('Nothing was saved: correct the marked amounts, then save again.'),
    ).toBeVisible();
    expect(facebook).toHaveAccessibleDescription('Must be a number');
    expect(march).toHaveAccessibleDescription('Must be 0 or more');
    expect(box('Google Ads April')).not.toHaveAttribute('aria-invalid');
    expect(facebook).toHaveFocus();
    expect(puts(fetchMock)).toHaveLength(0);

    await userEvent.clear(facebook);
    await userEvent.type(facebook, '10');
    expect(facebook).not.toHaveAttribute('aria-invalid');
    expect(march).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal of the server at the field it names', async () => {
    renderCard({ [YEAR]: thisYear }, (url, init) =>
      url === '/api/config/marketing-spend' && init.method === 'PUT'
        ? {
            status: 400,
            body: {
              success: false,
              error: 'Source 2 (Google Ads): May must be at most 999,999,999',
              code: 'invalid_request',
              field: 'spend.1.months.4',
            },
          }
        : undefined,
    );
    const may = await screen.findByRole('textbox', { name: 'Google Ads May' });
    await userEvent.clear(may);
    await userEvent.type(may, '5');
    await userEvent.click(saveButton());
    await waitFor(() => expect(may).toHaveAccessibleDescription('Must be at most 999,999,999'));
    expect(may).toHaveFocus();
    expect(screen.queryByText('Spend not saved')).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it("says the server's reason when it names no field", async () => {
    renderCard({ [YEAR]: thisYear }, (url, init) =>
      url === '/api/config/marketing-spend' && init.method === 'PUT'
        ? { status: 500, body: { success: false, error: 'Database unavailable' } }
        : undefined,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Facebook every month' }), '1');
    await userEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Spend not saved');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('copies the year before, saved only with Save, and says when it has none', async () => {
    const fetchMock = renderCard({ [YEAR - 1]: lastYear });
    expect(await screen.findByText(/No spend for \d{4}\. Add a source below/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy from last year' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Copied the spend of ${YEAR - 1}. Save to keep it for ${YEAR}.`,
    );
    expect(box('Radio every month')).toHaveValue('800');
    expect(box('Yelp January')).toHaveValue('100');
    expect(puts(fetchMock)).toHaveLength(0);
    await userEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Marketing spend saved.');
    expect(jsonBody(puts(fetchMock)[0][1]!)).toEqual({ year: YEAR, spend: lastYear });

    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: String(YEAR - 1) }));
    await screen.findByRole('textbox', { name: 'Radio every month' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy from last year' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`There is no spend for ${YEAR - 2} to copy.`);
    expect(saveButton()).toBeDisabled();
  });

  it("adds a source from the leads' or by name, refuses one already there, and removes one", async () => {
    const fetchMock = renderCard({ [YEAR]: thisYear });
    const name = await screen.findByRole('combobox', { name: 'Add source' });
    await userEvent.click(name);
    // The leads' sources not yet in the grid; never `No lead`.
    const offered = await screen.findAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual(['Seminar']);
    await userEvent.click(offered[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Add source' }));
    const seminar = box('Seminar every month');
    expect(seminar).toHaveFocus();
    await userEvent.type(seminar, '400');

    await userEvent.type(name, '  facebook {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Facebook already has a row here');
    await userEvent.clear(name);
    await userEvent.type(name, '  Direct   Mail {Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box('Direct Mail every month')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Facebook' }));
    expect(screen.queryByRole('group', { name: 'Facebook' })).not.toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Marketing spend saved.');
    // A source left without any amount has no spend to keep.
    expect(jsonBody(puts(fetchMock)[0][1]!)).toEqual({
      year: YEAR,
      spend: [thisYear[1], { source: 'Seminar', months: twelve(400) }],
    });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Direct Mail' })).not.toBeInTheDocument());
  });

  it('is read-only for a coordinator, with the reason', async () => {
    const { fetchMock } = renderSignedIn(
      <ConfigurationTab />,
      'coordinator',
      spendServer({ [YEAR]: thisYear }),
    );
    const facebook = await screen.findByRole('textbox', { name: 'Facebook every month' });
    expect(facebook).toHaveValue('1,500');
    expect(facebook).toHaveAttribute('readonly');
    expect(box('Google Ads December')).toHaveAttribute('readonly');
    const card = screen.getByRole('region', { name: 'Marketing spend' });
    expect(within(card).getByText('Only managers and admins can change marketing spend.')).toBeVisible();
    expect(within(card).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: /Save|Add|Copy|Remove|Discard/ }),
    ).not.toBeInTheDocument();
    // Nothing to add, so the sources to offer are not asked for.
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.startsWith('/api/dashboard/marketing'))).toBe(false);
  });

  it('is not shown to a provider, and their spend is not asked for', async () => {
    const { fetchMock } = renderSignedIn(<ConfigurationTab />, 'provider', spendServer({ [YEAR]: thisYear }));
    await screen.findByRole('region', { name: 'Goals' });
    expect(screen.queryByRole('region', { name: 'Marketing spend' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('marketing'))).toBe(false);
  });
});
