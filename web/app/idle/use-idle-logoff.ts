import { useEffect, useEffectEvent, useState } from 'react';
import {
  type IdlePhase,
  idlePhase,
  readLastActivity,
  recordActivity,
  shouldTellServer,
} from '../../session/idle-phase';

// A key press, click, tap or scroll anywhere: scroll does not bubble, hence the capture phase.
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'scroll', 'touchstart'] as const;
// Writing localStorage on every scroll event would be wasteful; a second's precision is plenty.
const WRITE_EVERY_MS = 1_000;

/**
 * Watches this tab's activity and the shared clock of every tab; calls `onExpired` once the
 * timeout has passed, and `onStillActive` when the server should hear that someone is at work
 * (see shouldTellServer). 0 turns it off. Returns the phase (the warning's seconds left) and `stay`.
 */
export function useIdleLogoff(timeoutMinutes: number, onExpired: () => void, onStillActive: () => void) {
  const [phase, setPhase] = useState<IdlePhase>({ kind: 'active' });
  const expire = useEffectEvent(onExpired);
  const stillActive = useEffectEvent(onStillActive);

  useEffect(() => {
    if (timeoutMinutes <= 0) return;
    // Signing in or reloading is activity: an old value must not sign the user straight out.
    recordActivity();
    let lastWrite = Date.now();
    // The timeout was just read from the server: it has heard from this tab now.
    let lastTold = lastWrite;
    let ended = false;
    const tellServer = (now: number) => {
      if (ended || !shouldTellServer(now, readLastActivity(), lastTold)) return;
      lastTold = now;
      stillActive();
    };
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = now;
      recordActivity(now);
      // At once after a quiet spell; activity within the minute is told at the minute's end, below.
      tellServer(now);
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    const check = () => {
      const now = Date.now();
      const next = idlePhase(now, readLastActivity(), timeoutMinutes);
      setPhase((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
      if (next.kind === 'expired' && !ended) {
        ended = true;
        expire();
      } else tellServer(now);
    };
    const timer = window.setInterval(check, 1_000);
    // A hidden tab's timers are slowed by the browser: look again the moment it is shown.
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [timeoutMinutes]);

  const stay = () => {
    recordActivity();
    setPhase({ kind: 'active' });
  };
  return { phase, stay };
}
