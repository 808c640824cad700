import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketingResponse } from '../../../common/api/marketing';
import type { Role } from '../../../common/roles';
import { renderSignedIn } from '../../test-utils';
import DashboardTab from '.';
import { figureText } from './marketing';
import { answerDashboard, calls, YEAR } from './test-kit';

// The Marketing return panel (docs/behaviour.md section 19) on the whole tab, against a server answering by URL.

vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.mock('./charts/marketing-chart', () => ({ MarketingBarChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const MARKETING = '/api/dashboard/marketing';

const figures = {
  spend: 0,
  leads: 0,
  consults: 0,
  won: 0,
  arches: 0,
  arch_value: 0,
  cost_per_lead: null,
  cost_per_consult: null,
  cost_per_arch: null,
  value_per_dollar: null,
  median_days_to_consult: null,
};

/** The whole group's return: two sources with spend, and the cases no lead came before. */
function groupReturn(year: number): MarketingResponse {
  return {
    success: true,
    year,
    through: `${year}-11`,
    spend_included: true,
    sources: [
      {
        ...figures,
        source: 'Facebook',
        spend: 12000,
        leads: 40,
        consults: 10,
        won: 4,
        arches: 6,
        arch_value: 90000,
        cost_per_lead: 300,
        cost_per_consult: 1200,
        cost_per_arch: 2000,
        value_per_dollar: 7.5,
        median_days_to_consult: 12.5,
      },
      { ...figures, source: 'Google Ads', spend: 5500, leads: 0, cost_per_lead: null },
      { ...figures, source: 'No lead', spend: null, consults: 3, won: 1, arches: 2, arch_value: 29990 },
    ],
    totals: {
      ...figures,
      spend: 17500,
      leads: 40,
      consults: 13,
      won: 5,
      arches: 8,
      arch_value: 119990,
      cost_per_lead: 437.5,
      cost_per_consult: 1346.15,
      cost_per_arch: 2187.5,
      value_per_dollar: 6.86,
      median_days_to_consult: 12.5,
    },
  };
}

/** At one location: spend is the whole group's, so none is given. */
function locationReturn(year: number): MarketingResponse {
  const all = groupReturn(year);
  const noCost = {
    spend: null,
    cost_per_lead: null,
    cost_per_consult: null,
    cost_per_arch: null,
    value_per_dollar: null,
  };
  return {
    ...all,
    spend_included: false,
    sources: all.sources.map((row) => ({ ...row, ...noCost })),
    totals: { ...all.totals, ...noCost },
  };
}

function renderAs(
  role: Role,
  answer: (url: URL) => MarketingResponse = (url) =>
    url.searchParams.has('location')
      ? locationReturn(Number(url.searchParams.get('year')))
      : groupReturn(Number(url.searchParams.get('year'))),
) {
  return renderSignedIn(<DashboardTab />, role, (raw) => {
    const url = new URL(raw, 'http://app.test');
    if (url.pathname === MARKETING) return { body: answer(url) };
    if (url.pathname === '/api/dashboard/locations')
      return { body: { success: true, locations: ['Lakeside', 'Main Street'] } };
    return answerDashboard(url);
  });
}

const panel = () => screen.findByRole('region', { name: 'Marketing return' });

/** The rows of the panel's table, each as its cells' text. */
async function tableRows() {
  const table = await within(await panel()).findByRole('table', { name: 'Marketing return by source' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: label })).toHaveValue(option));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the Marketing return panel', () => {
  it('shows each source with its spend, results and costs, then the totals, through the month counted', async () => {
    const { fetchMock } = renderAs('manager');
    expect(await within(await panel()).findByText('Through November', { exact: false })).toBeInTheDocument();
    expect(await tableRows()).toEqual([
      [
        'Source',
        'Spend',
        'Leads',
        'Consults',
        'Won',
        'Arches',
        'Arch value',
        'Cost per lead',
        'Cost per consult',
        'Cost per arch',
        'Value per $1',
        'Median days to consult',
      ],
      ['Facebook', '$12,000', '40', '10', '4', '6', '$90,000', '$300', '$1,200', '$2,000', '$7.50', '12.5'],
      // Nothing to divide by, and nothing spent, are dashes.
      ['Google Ads', '$5,500', '0', '0', '0', '0', '-', '-', '-', '-', '-', '-'],
      ['No lead', '-', '0', '3', '1', '2', '$29,990', '-', '-', '-', '-', '-'],
      ['Total', '$17,500', '40', '13', '5', '8', '$119,990', '$438', '$1,346', '$2,188', '$6.86', '12.5'],
    ]);
    // The chart's figures as a table for those who do not read charts: the sources with spend.
    const money = within(await panel()).getByRole('table', { name: 'Spend and arch value by source' });
    expect(
      within(money)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Facebook', 'Google Ads']);
    expect(
      within(await panel()).getByRole('img', { name: /spend beside the arch value/ }),
    ).toBeInTheDocument();
    const asked = calls(fetchMock, MARKETING)[0];
    expect(asked.searchParams.get('year')).toBe(String(YEAR));
    expect(asked.searchParams.has('location')).toBe(false);
  });

  it('replaces the costs with the whole-group line when a location is chosen', async () => {
    const { fetchMock } = renderAs('coordinator');
    await within(await panel()).findByRole('table', { name: 'Marketing return by source' });
    await choose('Location', 'Lakeside');
    expect(
      await within(await panel()).findByText('Spend is entered for the whole group.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect((await tableRows())[0]).toHaveLength(7));
    expect(await tableRows()).toEqual([
      ['Source', 'Leads', 'Consults', 'Won', 'Arches', 'Arch value', 'Median days to consult'],
      ['Facebook', '40', '10', '4', '6', '$90,000', '12.5'],
      ['Google Ads', '0', '0', '0', '0', '-', '-'],
      ['No lead', '0', '3', '1', '2', '$29,990', '-'],
      ['Total', '40', '13', '5', '8', '$119,990', '12.5'],
    ]);
    expect(within(await panel()).queryByRole('img')).toBeNull();
    expect(calls(fetchMock, MARKETING).at(-1)?.searchParams.get('location')).toBe('Lakeside');
  });

  it("follows the Dashboard's year, and says when nothing is counted yet", async () => {
    window.history.replaceState(null, '', `/dashboard?year=${YEAR + 1}`);
    const { fetchMock } = renderAs('admin', (url) => ({
      ...groupReturn(Number(url.searchParams.get('year'))),
      through: null,
    }));
    expect(
      await within(await panel()).findByText(`Nothing is counted yet: ${YEAR + 1} has not begun.`),
    ).toBeInTheDocument();
    expect(within(await panel()).queryByRole('table')).toBeNull();
    expect(calls(fetchMock, MARKETING).at(-1)?.searchParams.get('year')).toBe(String(YEAR + 1));
  });

  it('says when there is nothing by source', async () => {
    renderAs('manager', (url) => ({ ...groupReturn(Number(url.searchParams.get('year'))), sources: [] }));
    expect(
      await within(await panel()).findByText(/No leads, spend or cases for \d{4} to date\./),
    ).toBeInTheDocument();
  });

  it('is not shown to a provider, and nothing is asked for', async () => {
    const { fetchMock } = renderAs('provider');
    await screen.findByRole('table', { name: 'Consult Overview' });
    expect(screen.queryByRole('region', { name: 'Marketing return' })).toBeNull();
    expect(calls(fetchMock, MARKETING)).toHaveLength(0);
  });
});

describe('a figure of the panel', () => {
  it('is a dash when there is none, money to the dollar, the value of $1 to the cent, days to one decimal', () => {
    expect(figureText('money', null)).toBe('-');
    expect(figureText('money', 0)).toBe('-');
    expect(figureText('money', 1346.15)).toBe('$1,346');
    expect(figureText('ratio', 0)).toBe('$0.00');
    expect(figureText('ratio', null)).toBe('-');
    expect(figureText('days', 7)).toBe('7.0');
    expect(figureText('count', 1200)).toBe('1,200');
  });
});
