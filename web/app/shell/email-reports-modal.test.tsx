import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionResponse } from '../../../common/api/reports';
import type { Role } from '../../../common/roles';
import { useAuth } from '../../session/auth';
import { jsonBody, type Route, renderSignedIn } from '../../test-utils';
import { MAIL_NOT_SET_UP } from './email-reports';
import { Header } from './header';

// The account menu's 'E-mail reports' (docs/behaviour.md section 17, docs/screens.md section 2).

configure({ asyncUtilTimeout: 4000 });
afterEach(() => vi.unstubAllGlobals());

const SUBSCRIPTION = '/api/reports/subscription';
const SEND_NOW = '/api/reports/send-now';
const NO_EMAIL = 'Ask an administrator to add an email address to your account';

function SignedInHeader() {
  const { state } = useAuth();
  return state.status === 'signed-in' ? <Header user={state.user} onLogout={() => undefined} /> : null;
}

/** A server holding one subscription; PUT changes it like the real one, unless `refuse` says otherwise. */
function server(
  start: Partial<SubscriptionResponse>,
  refuse?: { status: number; error: string },
  sendNow?: { status?: number; body: unknown },
): Route {
  const sub: SubscriptionResponse = {
    success: true,
    monthly_report: false,
    daily_digest: false,
    email: 'me@example.test',
    mail_configured: true,
    ...start,
  };
  return (url, init) => {
    if (url === SEND_NOW && init.method === 'POST') return sendNow;
    if (url !== SUBSCRIPTION) return undefined;
    if (init.method === 'PUT') {
      if (refuse) return { status: refuse.status, body: { success: false, error: refuse.error } };
      Object.assign(sub, jsonBody(init));
    }
    return { body: { ...sub } };
  };
}

function render(role: Role, route: Route) {
  return renderSignedIn(<SignedInHeader />, role, route);
}

async function openDialog(role: Role) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`Welcome, a-${role}`) }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'E-mail reports' }));
  const dialog = await screen.findByRole('dialog', { name: 'E-mail reports' });
  await within(dialog).findByRole('switch', { name: 'Monthly report' });
  return dialog;
}

const puts = (fetchMock: ReturnType<typeof render>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url, init]) => url === SUBSCRIPTION && init?.method === 'PUT');

describe('E-mail reports', { timeout: 20_000 }, () => {
  it("shows the server's switches and where the e-mails go, and saves a switch at once", async () => {
    const { fetchMock } = render('manager', server({ monthly_report: true }));
    const dialog = await openDialog('manager');
    const monthly = within(dialog).getByRole('switch', { name: 'Monthly report' });
    const digest = within(dialog).getByRole('switch', { name: 'Daily digest' });
    expect(monthly).toBeChecked();
    expect(digest).not.toBeChecked();
    expect(monthly).toHaveAccessibleDescription(
      'The PDF report of the month just ended, on the 1st of each month from 07:00',
    );
    expect(digest).toHaveAccessibleDescription('The follow-ups due today, Monday to Friday from 07:00');
    expect(
      within(dialog).getByText('These e-mails carry the figures of the whole group.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^E-mails go to/)).toHaveTextContent('E-mails go to me@example.test');

    await userEvent.click(digest);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved: the daily digest is on.');
    expect(digest).toBeChecked();
    expect(puts(fetchMock).map(([, init]) => jsonBody(init!))).toEqual([{ daily_digest: true }]);

    await userEvent.click(monthly);
    expect(await within(dialog).findByText('Saved: the monthly report is off.')).toBeInTheDocument();
    expect(monthly).not.toBeChecked();
    expect(puts(fetchMock).map(([, init]) => jsonBody(init!))).toEqual([
      { daily_digest: true },
      { monthly_report: false },
    ]);
  });

  it("says the server's refusal in its words and puts the switch back", async () => {
    render('admin', server({}, { status: 409, error: 'Mail is not configured' }));
    const dialog = await openDialog('admin');
    const monthly = within(dialog).getByRole('switch', { name: 'Monthly report' });
    await userEvent.click(monthly);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Mail is not configured');
    await waitFor(() => expect(monthly).not.toBeChecked());
    expect(monthly).toBeEnabled();
  });

  it('says why neither can be turned on when the account has no e-mail address', async () => {
    const { fetchMock } = render('manager', server({ email: null }));
    const dialog = await openDialog('manager');
    for (const name of ['Monthly report', 'Daily digest']) {
      const toggle = within(dialog).getByRole('switch', { name });
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAccessibleDescription(new RegExp(NO_EMAIL));
    }
    expect(dialog).toHaveTextContent(NO_EMAIL);
    expect(dialog).not.toHaveTextContent('E-mails go to');
    expect(within(dialog).getByRole('button', { name: "Send last month's report now" })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Monthly report' }));
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('says mail is not set up on the server, and still lets a switch that is on be turned off', async () => {
    const { fetchMock } = render('provider', server({ mail_configured: false, daily_digest: true }));
    const dialog = await openDialog('provider');
    expect(dialog).toHaveTextContent(MAIL_NOT_SET_UP);
    expect(dialog).not.toHaveTextContent(NO_EMAIL);
    const monthly = within(dialog).getByRole('switch', { name: 'Monthly report' });
    expect(monthly).toBeDisabled();
    expect(monthly).toHaveAccessibleDescription(new RegExp(MAIL_NOT_SET_UP));
    const digest = within(dialog).getByRole('switch', { name: 'Daily digest' });
    expect(digest).toBeEnabled();
    await userEvent.click(digest);
    expect(await within(dialog).findByText('Saved: the daily digest is off.')).toBeInTheDocument();
    expect(puts(fetchMock).map(([, init]) => jsonBody(init!))).toEqual([{ daily_digest: false }]);
  });

  it("tells a provider the e-mails carry their own figures, and has no 'send now' for them", async () => {
    render('provider', server({}));
    const dialog = await openDialog('provider');
    expect(dialog).toHaveTextContent('These e-mails carry your own figures only.');
    expect(within(dialog).queryByRole('button', { name: "Send last month's report now" })).toBeNull();
  });

  it("offers a coordinator 'send now' with the whole group's figures, and shows the role in the header", async () => {
    render('coordinator', server({}));
    expect(await screen.findByRole('button', { name: /Welcome, a-coordinator/ })).toHaveTextContent(
      '(coordinator)',
    );
    const dialog = await openDialog('coordinator');
    expect(dialog).not.toHaveTextContent('These e-mails carry your own figures only.');
    expect(within(dialog).getByRole('button', { name: "Send last month's report now" })).toBeInTheDocument();
  });

  it("sends last month's report now and says where it went", async () => {
    const { fetchMock } = render(
      'manager',
      server({}, undefined, { body: { success: true, sent_to: 'me@example.test' } }),
    );
    const dialog = await openDialog('manager');
    await userEvent.click(within(dialog).getByRole('button', { name: "Send last month's report now" }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent to me@example.test');
    expect(fetchMock.mock.calls.filter(([url]) => url === SEND_NOW)).toHaveLength(1);
  });

  it("shows the mail server's reason when the report could not be sent", async () => {
    render(
      'admin',
      server({}, undefined, {
        status: 502,
        body: { success: false, error: 'The mail server refused the message: 550 mailbox unavailable' },
      }),
    );
    const dialog = await openDialog('admin');
    await userEvent.click(within(dialog).getByRole('button', { name: "Send last month's report now" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The mail server refused the message: 550 mailbox unavailable',
    );
  });
});
