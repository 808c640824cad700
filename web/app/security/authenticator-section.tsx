import { Alert, Badge, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { MfaStatusResponse, TotpConfirmResponse } from '../../../common/api/mfa';
import { ApiError, errorMessage } from '../../lib/api';
import { useRefreshStatus, useTurnOffTotp } from './api';
import { recoveryInput } from './code';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

type View = 'status' | 'setup' | 'codes' | 'off';

/** The authenticator app: set up, the recovery codes once, status, turn off (password and a code). */
export function AuthenticatorSection({ status, username }: { status: MfaStatusResponse; username: string }) {
  const [view, setView] = useState<View>('status');
  const [confirmed, setConfirmed] = useState<TotpConfirmResponse | null>(null);
  const refresh = useRefreshStatus();

  return (
    <Stack gap="sm" component="section" aria-labelledby="totp-title">
      <Group gap="sm">
        <Title order={3} size="h4" id="totp-title">
          Authenticator app
        </Title>
        <OnOffBadge on={status.totp} />
      </Group>
      {view === 'setup' && (
        <TotpSetup
          startLabel="Start"
          onConfirmed={(answer) => {
            setConfirmed(answer);
            setView('codes');
            void refresh();
          }}
          onCancel={() => setView('status')}
        />
      )}
      {view === 'codes' && confirmed && (
        <RecoveryCodes
          codes={confirmed.recovery_codes}
          username={username}
          onDone={() => setView('status')}
        />
      )}
      {view === 'off' && <TurnOffForm onDone={() => setView('status')} />}
      {view === 'status' &&
        (status.totp ? (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              Sign-ins ask for a code from your app. Recovery codes left:{' '}
              <strong>{status.recovery_codes_left}</strong>
            </Text>
            <Button variant="default" color="red" onClick={() => setView('off')}>
              Turn off
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">Use a code from an app on your phone as a second step when you sign in.</Text>
            <Button onClick={() => setView('setup')}>Set up</Button>
          </Group>
        ))}
    </Stack>
  );
}

export function OnOffBadge({ on }: { on: boolean }) {
  // The dot variant keeps dark text; the word says it, not the colour alone.
  return (
    <Badge variant="dot" tt="none" color={on ? 'green' : 'gray'}>
      {on ? 'On' : 'Off'}
    </Badge>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const turnOff = useTurnOffTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ password?: string; code?: string }>({});
  const failure = turnOff.error;
  const field = failure instanceof ApiError ? failure.field : null;
  const said = errorMessage(failure, 'Failed to turn the authenticator app off');

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      password: password ? undefined : 'Password is required',
      code: recoveryInput(code) ? undefined : 'Enter a code from your app, or a recovery code',
    };
    setMissing(found);
    if (found.password || found.code) return;
    turnOff.mutate({ password, code: recoveryInput(code) }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <Text size="sm">Your password and a current code prove it is you.</Text>
        {failure && field !== 'password' && field !== 'code' && (
          <Alert color="red" variant="light" role="alert">
            {said}
          </Alert>
        )}
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          error={missing.password ?? (field === 'password' ? said : undefined)}
          aria-invalid={missing.password || field === 'password' ? true : undefined}
          errorProps={{ role: 'alert' }}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <TextInput
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          required
          value={code}
          error={missing.code ?? (field === 'code' ? said : undefined)}
          errorProps={{ role: 'alert' }}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group gap="sm">
          <Button color="red.9" type="submit" loading={turnOff.isPending}>
            Turn off
          </Button>
          <Button variant="default" onClick={onDone} disabled={turnOff.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
