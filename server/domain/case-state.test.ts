import { caseActivity } from './case-activity.fixture';
import { type CaseActivity, inCaseOrder, readCase } from './case-state';

const act = caseActivity;
const call = (date: string, outcome: CaseActivity['outcome'], over: Partial<CaseActivity> = {}) =>
  act(date, { kind: 'call', outcome, ...over });
const EVERY = { from: null, to: '2026-06-30' };

describe('readCase', () => {
  it('is empty without activities', () => {
    expect(readCase([], EVERY)).toEqual({
      assigned_to: null,
      next_follow_up: null,
      financing: null,
      closed: null,
      last_contact: null,
      attempts: 0,
    });
  });

  it('reads one day in the order written: the later of two same-day activities wins', () => {
    const written = [
      call('2026-06-02', 'no_answer', { next_follow_up: '2026-06-05' }),
      act('2026-06-01', { kind: 'assign', assigned_to: 'ann' }),
      call('2026-06-02', 'reached', { kind: 'text', next_follow_up: '2026-06-09' }),
      act('2026-06-01', { kind: 'assign', assigned_to: 'bob' }),
    ];
    const state = readCase(inCaseOrder(written), EVERY);
    expect(state.assigned_to).toBe('bob');
    expect(state.next_follow_up).toBe('2026-06-09');
    expect(state.last_contact).toEqual({ date: '2026-06-02', kind: 'text', outcome: 'reached' });
    expect(state.attempts).toBe(2);
  });

  it('orders by date before write order: a back-dated contact is not the last', () => {
    const written = [call('2026-06-10', 'reached'), call('2026-06-03', 'declined', { kind: 'email' })];
    expect(readCase(inCaseOrder(written), EVERY).last_contact).toEqual({
      date: '2026-06-10',
      kind: 'call',
      outcome: 'reached',
    });
  });

  it('leaves out every activity dated after the window', () => {
    const acts = [
      call('2026-06-01', 'no_answer'),
      act('2026-06-20', { kind: 'assign', assigned_to: 'ann' }),
      act('2026-06-20', { kind: 'financing', lender: 'CareCredit', financing_status: 'applied' }),
      act('2026-06-20', { kind: 'close', reason: 'cost' }),
      call('2026-06-20', 'reached', { next_follow_up: '2026-07-01' }),
    ];
    expect(readCase(acts, { from: null, to: '2026-06-19' })).toEqual({
      assigned_to: null,
      next_follow_up: null,
      financing: null,
      closed: null,
      last_contact: { date: '2026-06-01', kind: 'call', outcome: 'no_answer' },
      attempts: 1,
    });
  });

  it('reads the stage fields from the stage only, the assignee and financing from before it too', () => {
    const acts = [
      act('2026-01-05', { kind: 'assign', assigned_to: 'ann' }),
      act('2026-01-06', { kind: 'financing', lender: 'Lendr', financing_status: 'denied', amount: 20000 }),
      act('2026-01-07', { kind: 'close', reason: 'financing_denied' }),
      call('2026-01-08', 'reached', { next_follow_up: '2026-02-01' }),
      call('2026-03-02', 'left_message'),
    ];
    const state = readCase(acts, { from: '2026-03-01', to: '2026-06-30' });
    // The close was of an earlier stage: a case that began again since is open.
    expect(state.closed).toBeNull();
    expect(state.next_follow_up).toBeNull();
    expect(state.attempts).toBe(1);
    expect(state.assigned_to).toBe('ann');
    expect(state.financing).toEqual({
      date: '2026-01-06',
      lender: 'Lendr',
      financing_status: 'denied',
      amount: 20000,
    });
  });

  it('is closed while the last close or reopen is a close', () => {
    const closed = [act('2026-06-01', { kind: 'close', reason: 'cost' })];
    expect(readCase(closed, EVERY).closed).toEqual({ date: '2026-06-01', reason: 'cost' });
    const reopened = [...closed, act('2026-06-02', { kind: 'reopen' })];
    expect(readCase(reopened, EVERY).closed).toBeNull();
    const again = [...reopened, act('2026-06-03', { kind: 'close', reason: 'health' })];
    expect(readCase(again, EVERY).closed).toEqual({ date: '2026-06-03', reason: 'health' });
    // A note after a close does not reopen.
    expect(readCase([...again, act('2026-06-04', {})], EVERY).closed).not.toBeNull();
  });

  it('clears the follow-up only when asked; an activity that says nothing keeps it', () => {
    const set = call('2026-06-01', 'no_answer', { next_follow_up: '2026-06-08' });
    expect(readCase([set, act('2026-06-02', {})], EVERY).next_follow_up).toBe('2026-06-08');
    const cleared = act('2026-06-02', { cleared_follow_up: true });
    expect(readCase([set, cleared], EVERY).next_follow_up).toBeNull();
    const unassigned = act('2026-06-03', { kind: 'assign', assigned_to: null });
    expect(
      readCase([act('2026-06-01', { kind: 'assign', assigned_to: 'ann' }), unassigned], EVERY).assigned_to,
    ).toBeNull();
  });
});
