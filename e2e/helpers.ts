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
