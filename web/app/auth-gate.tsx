import { useAuth } from '../session/auth';
import { LoadingScreen } from './loading-screen';
import { AppShell } from './shell/app-shell';
import { SignedOutScreen } from './signed-out/signed-out-screen';

/** Shows the right thing for the session state (docs/screens.md section 4). */
export function AuthGate() {
  const { state } = useAuth();
  switch (state.status) {
    case 'loading':
      return <LoadingScreen message="Loading..." />;
    case 'verifying':
      return <LoadingScreen message="Verifying authentication..." />;
    case 'signed-out':
      return <SignedOutScreen notice={state.notice} />;
    case 'signed-in':
      return <AppShell user={state.user} />;
  }
}
