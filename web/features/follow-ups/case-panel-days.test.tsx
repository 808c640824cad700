import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity } from '../../../common/api/activities';
import { localDay } from '../../../common/calendar-day';
import { formatDate } from '../../../common/format';
import { addDays, longDay, quickPicks } from '../../components/case/words';
import { jsonBody } from '../../test-utils';
import { emptyCase, renderFollowUps } from './test-kit';

// The days of a case (docs/behaviour.md section 15): the next follow-up's weekday quick picks, the
// appointment of a Scheduled contact, and a snooze.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const ACTIVITY = '/api/patient/activity';
const table = () => screen.findByRole('table', { name: 'Stalled Cases' });

/** Answers every write with 201 and keeps the bodies. */
function recording() {
  const bodies: unknown[] = [];
  const extra = (url: URL, init: RequestInit) => {
    if (url.pathname !== ACTIVITY || init.method !== 'POST') return undefined;
    bodies.push(jsonBody(init));
    return { status: 201, body: { success: true, activity: { id: 99 } } };
  };
  return { bodies, extra };
}

async function openAnn(server: Parameters<typeof renderFollowUps>[1]) {
  renderFollowUps('manager', server);
  await userEvent.click(within(await table()).getByRole('button', { name: 'Ann Archer' }));
  await screen.findByRole('button', { name: 'Call' });
}

describe('the days of a case', () => {
  it('says on each quick pick the weekday it lands on, and takes today in the date field', async () => {
    await openAnn({});
    await userEvent.click(screen.getByRole('button', { name: 'Text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reached' }));
    const picks = screen.getByRole('group', { name: 'Text, Reached: next follow-up?' });
    expect(
      within(picks)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...quickPicks(localDay()).map((pick) => pick.label), 'No new date']);
    expect(screen.getByLabelText('Or a date')).toHaveAttribute('min', localDay());
  });

  it("asks a Scheduled call for the appointment's day and brings the patient back the day after", async () => {
    const { bodies, extra } = recording();
    await openAnn({ extra });
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'Scheduled' }));
    const picks = screen.getByRole('group', { name: 'Call, Scheduled: on which day is the appointment?' });
    // An appointment is booked for a day: there is no leaving it without one.
    expect(within(picks).queryByRole('button', { name: 'No new date' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Note with it (optional)' }), 'Bring the scans');
    // Today is a day an appointment may be on.
    const today = localDay();
    fireEvent.change(screen.getByLabelText('Or a date'), { target: { value: today } });
    await userEvent.click(screen.getByRole('button', { name: 'Save with this date' }));
    const back = addDays(today, 1);
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          patient_name: 'Ann Archer',
          kind: 'call',
          outcome: 'scheduled',
          next_follow_up: back,
          note: `Appointment ${formatDate(today)}\nBring the scans`,
        },
      ]),
    );
    expect(
      await screen.findByText(
        `Call recorded: Scheduled, appointment ${longDay(today)}; back on the list ${formatDate(back)} if it is not in the next import.`,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Call' })).toBeInTheDocument();
  });

  it('snoozes the case to a quick pick without recording a contact', async () => {
    const { bodies, extra } = recording();
    await openAnn({ extra });
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    const picks = screen.getByRole('group', { name: 'Snooze (no contact): back on the list on which day?' });
    const tomorrow = quickPicks(localDay())[0];
    await userEvent.click(within(picks).getByRole('button', { name: /^Tomorrow \(/ }));
    await waitFor(() =>
      expect(bodies).toEqual([{ patient_name: 'Ann Archer', kind: 'snooze', next_follow_up: tomorrow?.day }]),
    );
    expect(
      await screen.findByText(`Snoozed: back on the list ${longDay(tomorrow?.day ?? '')}.`),
    ).toBeInTheDocument();
  });

  it('shows a snooze in the timeline with its next follow-up', async () => {
    const snooze: Activity = {
      id: 5,
      patient_name: 'Ann Archer',
      date: '2026-02-03',
      kind: 'snooze',
      outcome: null,
      note: null,
      next_follow_up: '2026-02-09',
      assigned_to: null,
      lender: null,
      financing_status: null,
      amount: null,
      reason: null,
      cleared_follow_up: false,
      user: 'casey',
      logged_at: '2026-02-03T15:00:00.000Z',
    };
    await openAnn({ cases: { 'Ann Archer': { ...emptyCase('Ann Archer'), activities: [snooze] } } });
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByRole('listitem').textContent).toMatch(
      /^02\/03\/2026 SnoozedNext follow-up 02\/09\/2026casey, /,
    );
  });
});
