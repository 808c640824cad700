import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { LoginResponse } from '../../../common/api/auth';
import type { TotpConfirmResponse } from '../../../common/api/mfa';
import { useAuth } from '../../session/auth';
import { RecoveryCodes } from '../security/recovery-codes';
import { TotpSetup } from '../security/totp-setup';
import { ScreenLink, SignedOutLayout } from './layout';

interface Props {
  setupToken: string;
  onBack: (notice?: string) => void;
}

/** The confirm's answer with the session it opened: what entering the app takes. */
const sessionOf = (answer: TotpConfirmResponse): LoginResponse | null =>
  answer.token && answer.user ? { success: true, token: answer.token, user: answer.user } : null;

/**
 * The admins' setting covers this user and they have no second factor (docs/behaviour.md section
 * 20): they set up an authenticator app before anything else, save the recovery codes, then enter.
 */
export function ForcedSetup({ setupToken, onBack }: Props) {
  const { enter } = useAuth();
  const [confirmed, setConfirmed] = useState<TotpConfirmResponse | null>(null);
  const session = confirmed ? sessionOf(confirmed) : null;

  if (confirmed)
    return (
      <SignedOutLayout heading="Recovery codes">
        {session ? (
          <RecoveryCodes
            codes={confirmed.recovery_codes}
            username={session.user.username}
            doneLabel="I have saved them, continue"
            onDone={() => enter(session)}
          />
        ) : (
          // The server always answers a session to a setup token's confirm; without one, sign in again.
          <RecoveryCodes
            codes={confirmed.recovery_codes}
            username="account"
            doneLabel="I have saved them, sign in"
            onDone={() => onBack('The authenticator app is on. Sign in with a code from it.')}
          />
        )}
      </SignedOutLayout>
    );

  return (
    <SignedOutLayout heading="Set up a second factor">
      <Stack gap="md">
        <Alert color="blue" variant="light">
          Your organization requires a second factor for your account. Set up an authenticator app on your
          phone to continue; from now on you will sign in with your password and a code from the app.
        </Alert>
        <TotpSetup
          token={setupToken}
          startLabel="Set up the authenticator app"
          onConfirmed={setConfirmed}
          onExpired={onBack}
        />
        <Text size="xs" c="dimmed">
          This setup must be finished within 15 minutes of signing in.
        </Text>
        <ScreenLink onClick={() => onBack()}>Back to sign in</ScreenLink>
      </Stack>
    </SignedOutLayout>
  );
}
