import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../session/auth';
import type { PendingStep } from '../../session/login-answer';
import { ScreenLink, SignedOutLayout } from './layout';
import { SecondStepScreen } from './second-step-screen';
import { SsoButton } from './sso-button';

interface Props {
  /** Why the last session ended, when it ended on its own. */
  notice: string | null;
  /** Why single sign-on just refused, in the server's words. */
  ssoError?: string | null;
  onForgotPassword: () => void;
}

export function LoginForm({ notice, ssoError = null, onForgotPassword }: Props) {
  const { login } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(ssoError);
  const [busy, setBusy] = useState(false);
  // The second factor, or its forced setup, when the password was right but the sign-in goes on.
  const [step, setStep] = useState<PendingStep | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      username: username.trim() ? undefined : 'Username is required',
      password: password ? undefined : 'Password is required',
    };
    setFieldErrors(missing);
    if (missing.username || missing.password) return;
    setError(null);
    setBusy(true);
    try {
      const pending = await login(username.trim(), password);
      // A session unmounts this screen; a second step takes its place.
      if (pending) {
        setPassword('');
        setBusy(false);
        setStep(pending);
      }
    } catch (err) {
      setError(errorMessage(err, 'Login failed'));
      setBusy(false);
    }
  }

  if (step)
    return (
      <SecondStepScreen
        step={step}
        onBack={(why) => {
          setStep(null);
          setError(why ?? null);
        }}
      />
    );

  return (
    <SignedOutLayout heading="Sign In">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && !error && (
            <Alert color="blue" variant="light">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <SsoButton />
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            required
            value={username}
            error={fieldErrors.username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={fieldErrors.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
          <Group justify="center">
            <ScreenLink onClick={onForgotPassword}>Forgot your password?</ScreenLink>
          </Group>
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
