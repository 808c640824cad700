import { idleSignOutMessage, SESSION_TOUCH_MS } from '../../common/api/auth';

/**
 * The automatic logoff (docs/behaviour.md section 14): after the timeout without a key press,
 * click or scroll in any of the user's browser tabs the app signs out, warning for the last minute.
 * The last activity is kept in localStorage, so every tab of the browser shares one clock.
 */

export const ACTIVITY_KEY = 'last-activity';
/** Why the session ended, for the other tabs to say the same on their sign-in screen. */
export const SIGN_OUT_REASON_KEY = 'sign-out-reason';
export const WARNING_MS = 60_000;

export type IdlePhase = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

/** Where `now` stands, `lastActivity` being the latest activity in any tab. */
export function idlePhase(now: number, lastActivity: number, timeoutMinutes: number): IdlePhase {
  const left = lastActivity + timeoutMinutes * 60_000 - now;
  if (left <= 0) return { kind: 'expired' };
  if (left <= WARNING_MS) return { kind: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}

/** The server says the same when it ends an idle session itself. */
export const idleNotice = idleSignOutMessage;

/**
 * Whether to tell the server that someone is still at work: the server judges the idle limit by
 * its calls alone (docs/security.md), and typing or scrolling calls nothing. When there has been
 * activity since the server last heard from this tab, at most once a minute: so the server hears
 * of the last activity within a minute, and its limit, a minute longer than ours, ends no session
 * this app still counts as in use.
 */
export const shouldTellServer = (now: number, lastActivity: number, lastTold: number): boolean =>
  lastActivity > lastTold && now - lastTold >= SESSION_TOUCH_MS;

export function readLastActivity(): number {
  const stored = Number(localStorage.getItem(ACTIVITY_KEY));
  return Number.isFinite(stored) ? stored : 0;
}

export function recordActivity(now = Date.now()) {
  localStorage.setItem(ACTIVITY_KEY, String(now));
}

/** Left for the other tabs just before this one signs out (they see the token go). */
export function leaveSignOutReason(notice: string, now = Date.now()) {
  localStorage.setItem(SIGN_OUT_REASON_KEY, JSON.stringify({ notice, at: now }));
}

/** The reason another tab left within the last few seconds, if any. */
export function recentSignOutReason(now = Date.now()): string | null {
  try {
    const { notice, at } = JSON.parse(localStorage.getItem(SIGN_OUT_REASON_KEY) ?? 'null') ?? {};
    return typeof notice === 'string' && typeof at === 'number' && now - at < 10_000 ? notice : null;
  } catch {
    return null;
  }
}
