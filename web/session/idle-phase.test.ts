import {
  idleNotice,
  idlePhase,
  leaveSignOutReason,
  readLastActivity,
  recentSignOutReason,
  recordActivity,
} from './idle-phase';

const MINUTE = 60_000;

describe('idlePhase', () => {
  it('is active until the last minute, warns through it, then expires', () => {
    expect(idlePhase(28 * MINUTE, 0, 30)).toEqual({ kind: 'active' });
    expect(idlePhase(29 * MINUTE, 0, 30)).toEqual({ kind: 'warning', secondsLeft: 60 });
    expect(idlePhase(29 * MINUTE + 45_500, 0, 30)).toEqual({ kind: 'warning', secondsLeft: 15 });
    expect(idlePhase(30 * MINUTE, 0, 30)).toEqual({ kind: 'expired' });
  });

  it('counts from the latest activity', () => {
    expect(idlePhase(40 * MINUTE, 20 * MINUTE, 30)).toEqual({ kind: 'active' });
  });
});

describe('the shared activity and reason', () => {
  it('keeps the latest activity for every tab', () => {
    expect(readLastActivity()).toBe(0);
    recordActivity(1234);
    expect(readLastActivity()).toBe(1234);
  });

  it('passes a sign-out reason on for a few seconds only', () => {
    leaveSignOutReason(idleNotice(30), 1_000);
    expect(recentSignOutReason(5_000)).toBe('You were signed out after 30 minutes without activity.');
    expect(recentSignOutReason(20_000)).toBeNull();
    expect(idleNotice(1)).toBe('You were signed out after 1 minute without activity.');
  });
});
