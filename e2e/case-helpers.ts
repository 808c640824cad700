import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { ActivitiesResponse } from '../common/api/activities';
import type { WorklistResponse } from '../common/api/worklist';
import { apiGet } from './dashboard-helpers';
import { pageToken } from './helpers';

/** What the case specs share: the list as the API gives it, a patient's row, their case. */

/** The two sizes the case is looked at: a desktop (the case beside the list) and a phone (a drawer). */
export const CASE_VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export const worklist = async (request: APIRequestContext, page: Page, query = '') =>
  apiGet<WorklistResponse>(request, await pageToken(page), `/api/worklist${query}`);

/** The case as the API reads it for this page's user. */
export const caseOf = async (request: APIRequestContext, page: Page, name: string) =>
  apiGet<ActivitiesResponse>(
    request,
    await pageToken(page),
    `/api/patient/activity?${new URLSearchParams({ name })}`,
  );

/** The first patient due today, as the API lists them now (earlier tests may have moved others). */
export async function firstDue(request: APIRequestContext, page: Page): Promise<string> {
  const first = (await worklist(request, page)).patients[0];
  if (!first) throw new Error('The sample data has no stalled case today');
  return first.patient_name;
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The list's row (or, on a phone, card) of one patient. */
export function row(page: Page, name: string): Locator {
  const items = isPhone(page)
    ? page.getByRole('list', { name: 'Stalled Cases' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody tr');
  return items.filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** The open case: a section beside the list from 1200 px, else a drawer. */
export const casePanel = (page: Page, name: string): Locator =>
  (page.viewportSize()?.width ?? 1280) >= 1200
    ? page.getByRole('region', { name: `Case: ${name}` })
    : page.getByRole('dialog', { name: `Case: ${name}` });

/** Opens the patient's case from their row and waits for its contact buttons. */
export async function openCase(page: Page, name: string): Promise<Locator> {
  await row(page, name).getByRole('button', { name, exact: true }).click();
  const panel = casePanel(page, name);
  await expect(panel.getByRole('button', { name: 'Call' })).toBeVisible();
  return panel;
}

/** A notice (Mantine's toast) saying `text`. */
export const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

/** `MM/DD/YYYY` of a `YYYY-MM-DD` day, as the app writes dates. */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** `YYYY-MM-DD` of a local date, and that day plus `days` (at noon: no clock change moves it). */
export function isoDay(date: Date, days = 0): string {
  const at = new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, 12);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
