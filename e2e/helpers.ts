import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Role } from '../common/roles';

/** The first admin the server creates from ADMIN_PASSWORD (playwright.config.ts). */
export const ADMIN = { username: 'admin', password: 'admin-pass' };

/** A name no other test or earlier run has used, so tests do not depend on order or a clean database. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function apiToken(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

export interface TestUser {
  username: string;
  password: string;
  email: string;
  role: Role;
}

/** A factory user made through the API as the admin. */
export async function createUser(
  request: APIRequestContext,
  fields: Partial<TestUser> & { provider_name?: string } = {},
): Promise<TestUser> {
  const username = fields.username ?? uniqueName('user');
  const user: TestUser = {
    username,
    password: fields.password ?? 'secret-pass',
    email: fields.email ?? `${username}@example.test`,
    role: fields.role ?? 'provider',
  };
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.post('/api/auth/register', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...user, provider_name: fields.provider_name ?? null },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
}

/** The bundled sample files, by import kind. */
export const SAMPLE_FILES = {
  'raw-data': 'samples/full-arch-report.csv',
  'future-scheduled': 'samples/future-scheduled.csv',
  'ignore-list': 'samples/ignore-list.csv',
} as const;

/**
 * Imports the three sample files through the real upload API, replacing what is there, so a spec
 * that needs data gets the same data whatever ran before it.
 */
export async function loadSamples(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  for (const [kind, path] of Object.entries(SAMPLE_FILES)) {
    const response = await request.post(`/api/import/${kind}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        file: { name: path.split('/').pop() as string, mimeType: 'text/csv', buffer: readFileSync(path) },
        replace: 'true',
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The signed-in page's own token, so the API's answers are the ones this user is shown. */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('The signed-in page keeps no token');
  return token;
}

/** Opens a tab the way the user would at the page's width: the tab bar, or the phone's menu. */
export async function openTab(page: Page, label: string) {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('menuitem', { name: label }).click();
  } else {
    await page.getByRole('tab', { name: label }).click();
  }
}
