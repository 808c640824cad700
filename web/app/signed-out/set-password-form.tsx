import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { authApi } from '../../../common/api/auth';
import { MIN_PASSWORD_LENGTH, RESET_REDIRECT_MS } from '../../../common/limits';
import { call, errorMessage } from '../../lib/api';
import { ScreenLink, SignedOutLayout } from './layout';

interface Props {
  token: string;
  /** Back to the sign-in screen (also clears the token from the address). */
  onDone: () => void;
}

export function SetPasswordForm({ token, onDone }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // After a reset, give the user time to read the message, then go to sign-in.
  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(onDone, RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [success, onDone]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setError('Passwords do not match');
    if (password.length < MIN_PASSWORD_LENGTH)
      return setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    setError(null);
    setBusy(true);
    try {
      const result = await call(authApi.resetPassword, { body: { token, password } });
      setSuccess(result.message);
    } catch (err) {
      setError(errorMessage(err, 'Reset failed'));
      setBusy(false);
    }
  }

  return (
    <SignedOutLayout heading="Set New Password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {success && (
            <Alert color="green" variant="light" role="status">
              {success}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label="New Password"
            name="new-password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm Password"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {busy && !success ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Group justify="center">
            <ScreenLink onClick={onDone}>Back to Sign In</ScreenLink>
          </Group>
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
