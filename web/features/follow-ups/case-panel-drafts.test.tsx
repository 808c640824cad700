import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFollowUps } from './test-kit';

// What is typed in a case and not yet saved is a draft of this tab, for its user and patient
// (web/lib/drafts.ts): it is still there when the case is shown again, after the automatic logoff.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const created = () => ({ status: 201, body: { success: true, activity: { id: 99 } } });
const saves = (url: URL, init: RequestInit) =>
  url.pathname === '/api/patient/activity' && init.method === 'POST' ? created() : undefined;

/** Half a note, half a scheduled call and half the financing dialog, then the tab goes. */
async function typeEverywhereThenLeave() {
  const first = renderFollowUps('manager');
  await userEvent.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Ann Archer' }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Note' }), 'Prefers mornings');
  await userEvent.click(screen.getByRole('button', { name: 'Call' }));
  await userEvent.click(screen.getByRole('button', { name: 'Scheduled' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Note with it (optional)' }), 'Bring scans');
  await userEvent.click(screen.getByRole('button', { name: 'Record financing' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record financing' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Lender' }), 'CareCredit');
  first.unmount();
  // The case stays in the address, as it comes back after signing in again.
  expect(window.location.search).toMatch(/^\?case=./);
}

describe('drafts of a case', () => {
  it('come back for the same user on the same case, dialog and step included', async () => {
    await typeEverywhereThenLeave();
    renderFollowUps('manager');
    const dialog = await screen.findByRole('dialog', { name: 'Record financing' });
    expect(within(dialog).getByRole('textbox', { name: 'Lender' })).toHaveValue('CareCredit');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Prefers mornings');
    expect(
      screen.getByRole('group', { name: 'Call, Scheduled: on which day is the appointment?' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Note with it (optional)' })).toHaveValue('Bring scans');

    // Cancel drops the dialog's draft; a saved note drops the note's.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record financing' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Record financing' })).getByRole('textbox', {
        name: 'Lender',
      }),
    ).toHaveValue('');
  });

  it('are not shown to another user', async () => {
    await typeEverywhereThenLeave();
    renderFollowUps('provider');
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Call' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Record financing' })).toBeNull();
  });

  it('are forgotten once saved', async () => {
    renderFollowUps('manager', { extra: saves });
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Ann Archer' }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Note' }), 'Prefers mornings');
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('draft:'))).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue(''));
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('draft:'))).toEqual([]);
  });
});
