import { expect, type Page, test } from '@playwright/test';
import { CHECK_COMMAND, RESTORE_COMMAND } from '../common/api/backups';
import { formatBytes } from '../common/format';
import { ADMIN, apiToken, createUser, openTab, signIn } from './helpers';
import { checkBothWidths, WIDTHS } from './mfa-helpers';

// The admins' Backups section on User Management (docs/behaviour.md section 21) against the real
// server: Back up now writes a file that is listed whole with its size; a manager never sees it.

const MADE =
  /(full-arch-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.fab) \(([^)]+)\) is written and read back whole\./;

async function openBackups(page: Page) {
  await openTab(page, 'User Management');
  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section).toBeVisible();
  return section;
}

for (const size of WIDTHS) {
  test(`an admin backs up now and sees the new backup listed whole at ${size.width}px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, ADMIN.username, ADMIN.password);
    const section = await openBackups(page);
    await expect(section.getByText(/^Next scheduled backup: /)).toBeVisible();
    await expect(section.getByText(/are kept\.$|only the newest is kept\.$/)).toBeVisible();
    await expect(section.getByText(RESTORE_COMMAND, { exact: true })).toBeVisible();
    await expect(section.getByText(CHECK_COMMAND, { exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Copy the restore command' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Copy the check command' })).toBeVisible();

    const button = section.getByRole('button', { name: 'Back up now' });
    await button.click();
    // The notification names the file; the server's list says the same size.
    const notice = page.getByRole('alert').filter({ hasText: 'is written and read back whole' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    const [, file, shownSize] = MADE.exec((await notice.textContent()) ?? '') ?? [];
    expect(file, 'the notification names the file').toBeTruthy();
    await expect(button).not.toHaveAttribute('data-loading');

    const token = await apiToken(request, ADMIN.username, ADMIN.password);
    const listed = await request.get('/api/admin/backups', { headers: { Authorization: `Bearer ${token}` } });
    expect(listed.ok(), await listed.text()).toBe(true);
    const { backups } = (await listed.json()) as { backups: { file: string; size: number; ok: boolean }[] };
    const made = backups.find((backup) => backup.file === file);
    expect(made, `${file} is listed by the server`).toMatchObject({ ok: true });
    expect(shownSize).toBe(formatBytes(made!.size));

    // A table row on a desktop, a small card on a phone: the same facts.
    const entry =
      size.width < 768
        ? section.getByRole('list', { name: 'Backups' }).getByRole('listitem').filter({ hasText: file! })
        : section.getByRole('table', { name: 'Backups' }).getByRole('row').filter({ hasText: file! });
    await expect(entry).toContainText('Whole');
    await expect(entry).toContainText(shownSize!);

    await notice.getByRole('button').click(); // the notification's close: axe checks the tab itself
    await expect(notice).toBeHidden();
    await checkBothWidths(page, 'User Management with its Backups section');
  });
}

test('a manager has no Backups section and the server refuses them the list', async ({ page, request }) => {
  const manager = await createUser(request, { role: 'manager' });
  const token = await apiToken(request, manager.username, manager.password);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/admin/backups', { headers })).status()).toBe(403);
  expect((await request.post('/api/admin/backups', { headers })).status()).toBe(403);

  await signIn(page, manager.username, manager.password);
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Backups' })).toHaveCount(0);
});
