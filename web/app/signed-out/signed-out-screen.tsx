import { useCallback, useState } from 'react';
import { InvalidResetLink } from './invalid-reset-link';
import { LoginForm } from './login-form';
import { ResetRequestForm } from './reset-request-form';
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

type Screen = 'login' | 'forgot';

/** Login, reset request, set new password, or invalid link (docs/screens.md section 2). */
export function SignedOutScreen({ notice }: { notice: string | null }) {
  const [resetToken, setResetToken] = useState(tokenInAddress);
  const [screen, setScreen] = useState<Screen>('login');

  const leaveReset = useCallback((next: Screen) => {
    removeTokenFromAddress();
    setResetToken(null);
    setScreen(next);
  }, []);
  const toLogin = useCallback(() => leaveReset('login'), [leaveReset]);

  if (resetToken === '')
    return <InvalidResetLink onBack={toLogin} onRequestNew={() => leaveReset('forgot')} />;
  if (resetToken !== null) return <SetPasswordForm token={resetToken} onDone={toLogin} />;
  if (screen === 'forgot') return <ResetRequestForm onBack={() => setScreen('login')} />;
  return <LoginForm notice={notice} onForgotPassword={() => setScreen('forgot')} />;
}
