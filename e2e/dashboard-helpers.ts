import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { ConsultOverview, ProvidersResponse } from '../common/api/dashboard';
import { ADMIN, signIn } from './helpers';

/** What the dashboard specs share: the API's figures, the tab, its selects and its tables. */

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** The year the dashboard opens on: this year when offered, else the latest (docs/behaviour.md section 6). */
export async function defaultYear(request: APIRequestContext, token: string): Promise<number> {
  const { years } = await apiGet<ProvidersResponse>(request, token, '/api/dashboard/providers');
  const current = new Date().getFullYear();
  return years.includes(current) ? current : Math.max(...years);
}

export async function openDashboard(page: Page) {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Consult Overview' })).toBeVisible();
}

export async function choose(page: Page, label: 'Provider' | 'Location' | 'Year', option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(option);
}

export const cellTexts = (row: Locator) => row.getByRole('cell').allInnerTexts();

/**
 * What the Consult Overview shows for one row of counts, on `page`'s width: on a phone the win
 * rate comes right after the name.
 */
export function consultCells(c: ConsultOverview['totals'], page: Page): string[] {
  const counts = [
    String(c.consults_lost),
    String(c.consults_won),
    String(c.pending_finance),
    String(c.consults_ytd),
    String(c.future_consults),
    String(c.future_ytd_total),
  ];
  const rate = `${c.win_rate.toFixed(1)}%`;
  return (page.viewportSize()?.width ?? 1280) < 768 ? [rate, ...counts] : [...counts, rate];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The days of the year before that the headline figures of `year` are set beside, as the cards
 * name them, worked from the day the data runs to (`YYYY-MM-DD`, the API's `data_through`: the
 * latest procedure date, today at the latest): the year of that day beside January 1 through its
 * month and day of the year before (February 29 read as the 28th), any other year beside the
 * whole year before.
 */
export function comparedWith(year: number, through: string): string {
  if (year !== Number(through.slice(0, 4))) return String(year - 1);
  const month = Number(through.slice(5, 7));
  const date = Number(through.slice(8, 10));
  const day = month === 2 && date === 29 ? 28 : date;
  const end = `${MONTHS[month - 1]} ${day}`;
  return end === 'Jan 1' ? `Jan 1, ${year - 1}` : `Jan 1-${end}, ${year - 1}`;
}
