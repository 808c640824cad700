import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { authApi, type ResetRequestResponse } from '../../../common/api/auth';
import { call, errorMessage } from '../../lib/api';
import { ScreenLink, SignedOutLayout } from './layout';

// Same rule as the server's (a loose check; the server has the last word).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<ResetRequestResponse | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const invalid = !value
      ? 'Email is required'
      : EMAIL.test(value)
        ? null
        : 'Please enter a valid email address';
    setFieldError(invalid);
    if (invalid) return;
    setError(null);
    setSent(null);
    setBusy(true);
    try {
      setSent(await call(authApi.requestPasswordReset, { body: { email: value } }));
    } catch (err) {
      setError(errorMessage(err, 'Request failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignedOutLayout heading="Reset Password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter the email address of your account and we will send you a link to set a new password.
          </Text>
          {sent && (
            <Alert color="green" variant="light" role="status">
              {sent.message}
              {sent.token && (
                <>
                  {' '}
                  Reset token:{' '}
                  <Code data-testid="reset-token" style={{ wordBreak: 'break-all' }}>
                    {sent.token}
                  </Code>
                </>
              )}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={fieldError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Group justify="center">
            <ScreenLink onClick={onBack}>Back to Sign In</ScreenLink>
          </Group>
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
