import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import type { MfaMethod } from '../../../common/api/auth';
import { mfaApi } from '../../../common/api/mfa';
import { ApiError, call, errorMessage, hasCode } from '../../lib/api';
import { useAuth } from '../../session/auth';
import { isTotpComplete, recoveryInput } from '../security/code';
import { CodeField } from '../security/code-field';
import { passkeyAssertion, passkeyFailure } from '../security/webauthn';
import { ScreenLink, SignedOutLayout } from './layout';

interface Props {
  mfaToken: string;
  methods: readonly MfaMethod[];
  /** Back to the password; `notice` says why when the sign-in ran out. */
  onBack: (notice?: string) => void;
}

type Mode = 'totp' | 'recovery';

const EXPIRED = 'This sign-in has expired or was already completed. Please sign in again.';

/** What a refusal means on this screen: said under the box, above it, or back to the password. */
export function refusalOf(err: unknown): { at: 'field' | 'form' | 'restart'; text: string } {
  if (hasCode(err, 'mfa_token_expired')) return { at: 'restart', text: errorMessage(err, EXPIRED) };
  if (hasCode(err, 'wrong_code', 'invalid_field', 'missing_field'))
    return { at: 'field', text: errorMessage(err, 'Wrong code') };
  if (err instanceof ApiError && err.status === 429)
    return {
      at: 'form',
      text: errorMessage(err, 'Too many wrong codes. Wait a few minutes, then try again.'),
    };
  return { at: 'form', text: errorMessage(err, 'Sign-in failed') };
}

/**
 * The second step of a sign-in (docs/behaviour.md section 20): the authenticator app's code, a
 * recovery code, or a passkey. A wrong code is said under the box and leaves it for another try.
 */
export function SecondFactorForm({ mfaToken, methods, onBack }: Props) {
  const { enter } = useAuth();
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const hasPasskey = methods.includes('passkey');
  const hasCodes = methods.includes('totp') || methods.includes('recovery');

  function refused(err: unknown) {
    const { at, text } = refusalOf(err);
    if (at === 'restart') return onBack(text);
    setBusy(false);
    if (at === 'field') {
      setFieldError(text);
      codeRef.current?.select();
    } else setError(text);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const typed = mode === 'totp' ? code : recoveryInput(code);
    if (mode === 'totp' ? !isTotpComplete(typed) : !typed) {
      setFieldError(mode === 'totp' ? 'Enter the 6-digit code your app shows' : 'Enter a recovery code');
      codeRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      enter(await call(mfaApi.loginMfa, { body: { mfa_token: mfaToken, code: typed } }));
    } catch (err) {
      refused(err);
    }
  }

  async function usePasskey() {
    setError(null);
    setFieldError(null);
    setBusy(true);
    try {
      const { options } = await call(mfaApi.loginPasskeyOptions, { body: { mfa_token: mfaToken } });
      let response: Awaited<ReturnType<typeof passkeyAssertion>>;
      try {
        response = await passkeyAssertion(options);
      } catch (err) {
        // Cancelled, timed out, or no passkey of this account on this device: nothing was sent.
        setBusy(false);
        setError(passkeyFailure(err, 'sign-in'));
        return;
      }
      enter(await call(mfaApi.loginPasskey, { body: { mfa_token: mfaToken, response } }));
    } catch (err) {
      refused(err);
    }
  }

  const switchMode = (next: Mode) => {
    setMode(next);
    setCode('');
    setFieldError(null);
    setError(null);
  };

  return (
    <SignedOutLayout heading="Second step">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {hasCodes && (
            <>
              <Text size="sm">
                {mode === 'totp'
                  ? 'Enter the 6-digit code your authenticator app shows for Full Arch Tracker.'
                  : 'Enter one of the recovery codes you saved when you set up the app. Each works once.'}
              </Text>
              {mode === 'totp' ? (
                <CodeField
                  value={code}
                  inputRef={codeRef}
                  autoFocus
                  error={fieldError}
                  onChange={(next) => {
                    setCode(next);
                    setFieldError(null);
                  }}
                />
              ) : (
                <TextInput
                  ref={codeRef}
                  label="Recovery code"
                  name="recovery-code"
                  required
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  data-autofocus
                  autoFocus
                  value={code}
                  error={fieldError || undefined}
                  errorProps={{ role: 'alert' }}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  onChange={(e) => {
                    setCode(e.currentTarget.value);
                    setFieldError(null);
                  }}
                />
              )}
              <Button type="submit" fullWidth disabled={busy}>
                {busy ? 'Checking...' : 'Verify'}
              </Button>
              {methods.includes('totp') && (
                <Group justify="center">
                  <ScreenLink onClick={() => switchMode(mode === 'totp' ? 'recovery' : 'totp')}>
                    {mode === 'totp' ? 'Use a recovery code' : 'Use the authenticator app'}
                  </ScreenLink>
                </Group>
              )}
            </>
          )}
          {hasPasskey && (
            <>
              {hasCodes && <Divider label="or" labelPosition="center" />}
              <Button
                variant={hasCodes ? 'default' : 'filled'}
                fullWidth
                leftSection={<IconFingerprint size={18} aria-hidden />}
                onClick={usePasskey}
                disabled={busy}
              >
                Use a passkey
              </Button>
            </>
          )}
          <Group justify="center">
            <ScreenLink onClick={() => onBack()}>Back to sign in</ScreenLink>
          </Group>
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
