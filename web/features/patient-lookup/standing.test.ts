import type { WorklistStanding } from '../../../common/api/activities';
import { listShowing, standingDetail, standingHeadline } from './standing';

const lost = (over: Partial<WorklistStanding> = {}): WorklistStanding => ({
  stage: 'undecided',
  since: '2026-10-22',
  days_waiting: 34,
  listing: 'listed',
  listed_on: null,
  ...over,
});

describe('where a patient stands on the follow-up list', () => {
  it('says a listed Lost consult is on the list, as Lost, win back, and for how long', () => {
    expect(standingHeadline(lost())).toBe('On the follow-up list');
    expect(standingDetail(lost())).toBe('Lost, win back: 34 days waiting, since 10/22/2026');
    expect(standingDetail(lost({ days_waiting: 1 }))).toBe('Lost, win back: 1 day waiting, since 10/22/2026');
    expect(listShowing(lost())).toEqual({ stage: 'undecided', scheduled: false, snoozed: false });
  });

  it('says when a snoozed or waiting case comes onto it, and why a booked or closed one is off it', () => {
    const snoozed = lost({ listing: 'snoozed', listed_on: '2026-12-03' });
    expect(standingHeadline(snoozed)).toBe('On the follow-up list, snoozed until 12/03/2026');
    expect(listShowing(snoozed)).toEqual({ stage: 'undecided', scheduled: false, snoozed: true });
    const waiting = lost({ listing: 'waiting', days_waiting: 5, listed_on: '2026-11-05' });
    expect(standingHeadline(waiting)).toBe('Joins the follow-up list on 11/05/2026');
    expect(listShowing(waiting)).toBeNull();
    const booked = lost({ listing: 'booked', stage: 'pending_finance' });
    expect(standingHeadline(booked)).toBe('Off the follow-up list while an appointment is booked');
    expect(listShowing(booked)).toEqual({ stage: 'pending_finance', scheduled: true, snoozed: false });
    expect(standingHeadline(lost({ listing: 'closed' }))).toBe('Off the follow-up list: the case is closed');
    expect(listShowing(lost({ listing: 'closed' }))).toBeNull();
  });
});
