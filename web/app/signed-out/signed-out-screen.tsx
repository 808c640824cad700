import { useCallback, useEffect, useRef, useState } from 'react';
import { SSO_TICKET_PARAM } from '../../../common/api/sso';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../session/auth';
import type { PendingStep } from '../../session/login-answer';
import { LoadingScreen } from '../loading-screen';
import { InvalidResetLink } from './invalid-reset-link';
import { LoginForm } from './login-form';
import { ResetRequestForm } from './reset-request-form';
import { SecondStepScreen } from './second-step-screen';
import { SetPasswordForm } from './set-password-form';

/** The reset link is `/?token=...`: null when the address has no token, '' when it is empty. */
function tokenInAddress(): string | null {
  return new URLSearchParams(window.location.search).get('token');
}

/** Drops the used (or broken) token from the address so a reload does not reopen the screen. */
function removeTokenFromAddress() {
  const url = new URL(window.location.href);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Single sign-on comes back to `/login?sso=<ticket>`: the one-time ticket, or null. */
function ssoTicketInAddress(): string | null {
  return new URLSearchParams(window.location.search).get(SSO_TICKET_PARAM) || null;
}

/** The ticket is good once: off the address at once, so neither a reload nor history reuses it. */
function leaveSsoLanding() {
  window.history.replaceState(window.history.state, '', '/');
}

/**
 * Takes the ticket single sign-on came back with: signs in (this screen then gives way), or
 * answers the step the sign-in still needs (a second factor), or the refusal in words for the
 * sign-in screen to show.
 */
function useSsoTicket() {
  const { completeSso } = useAuth();
  const [ticket] = useState(ssoTicketInAddress);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<PendingStep | null>(null);
  const [busy, setBusy] = useState(ticket !== null);
  // A ticket is taken once, even when an effect runs twice.
  const taken = useRef(false);
  useEffect(() => {
    if (ticket === null || taken.current) return;
    taken.current = true;
    leaveSsoLanding();
    completeSso(ticket).then(
      (pending) => {
        if (!pending) return;
        setStep(pending);
        setBusy(false);
      },
      (err: unknown) => {
        setError(errorMessage(err, 'Single sign-on failed'));
        setBusy(false);
      },
    );
  }, [ticket, completeSso]);
  /** Back to the sign-in screen from the second step, saying why when it says. */
  const back = useCallback((why?: string | null) => {
    setStep(null);
    setError(why ?? null);
  }, []);
  return { busy, error, step, back };
}

type Screen = 'login' | 'forgot';

/** Login, reset request, set new password, or invalid link (docs/screens.md section 2). */
export function SignedOutScreen({ notice }: { notice: string | null }) {
  const [resetToken, setResetToken] = useState(tokenInAddress);
  const [screen, setScreen] = useState<Screen>('login');
  const sso = useSsoTicket();

  const leaveReset = useCallback((next: Screen) => {
    removeTokenFromAddress();
    setResetToken(null);
    setScreen(next);
  }, []);
  const toLogin = useCallback(() => leaveReset('login'), [leaveReset]);

  if (sso.busy) return <LoadingScreen message="Signing in..." />;
  if (sso.step) return <SecondStepScreen step={sso.step} onBack={sso.back} />;
  if (resetToken === '')
    return <InvalidResetLink onBack={toLogin} onRequestNew={() => leaveReset('forgot')} />;
  if (resetToken !== null) return <SetPasswordForm token={resetToken} onDone={toLogin} />;
  if (screen === 'forgot') return <ResetRequestForm onBack={() => setScreen('login')} />;
  return <LoginForm notice={notice} ssoError={sso.error} onForgotPassword={() => setScreen('forgot')} />;
}
