import { Alert, Box, Button, CopyButton, Group, Image, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { mfaApi, type TotpConfirmResponse, type TotpSetupResponse } from '../../../common/api/mfa';
import { call, errorMessage, hasCode } from '../../lib/api';
import { groupSecret, isTotpComplete } from './code';
import { CodeField } from './code-field';

interface Props {
  /** The setup token of a forced setup; the session's own token otherwise. */
  token?: string;
  startLabel: string;
  onConfirmed: (answer: TotpConfirmResponse) => void;
  /** The setup token ran out (15 minutes): back to the password, with the server's words. */
  onExpired?: (message: string) => void;
  onCancel?: () => void;
}

/**
 * Setting up an authenticator app (docs/behaviour.md section 20): the QR code drawn here from the
 * otpauth address, the secret as text for typing in, then a code from the app to confirm.
 */
export function TotpSetup({ token, startLabel, onConfirmed, onExpired, onCancel }: Props) {
  const expired = (err: unknown) => {
    if (!onExpired || !hasCode(err, 'mfa_token_expired')) return false;
    onExpired(errorMessage(err, 'This sign-in has expired. Please sign in again.'));
    return true;
  };
  const start = useMutation({
    mutationFn: () => call(mfaApi.totpSetup, { token }),
    onError: (err) => expired(err),
  });

  if (!start.data)
    return (
      <Stack gap="md">
        {start.isError && !hasCode(start.error, 'mfa_token_expired') && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(start.error, 'Failed to start the setup')}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {startLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    );
  return (
    <ConfirmStep
      setup={start.data}
      token={token}
      onConfirmed={onConfirmed}
      expired={expired}
      onCancel={onCancel}
    />
  );
}

interface ConfirmProps {
  setup: TotpSetupResponse;
  token?: string;
  onConfirmed: (answer: TotpConfirmResponse) => void;
  expired: (err: unknown) => boolean;
  onCancel?: () => void;
}

function ConfirmStep({ setup, token, onConfirmed, expired, onCancel }: ConfirmProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const confirm = useMutation({
    mutationFn: (typed: string) => call(mfaApi.totpConfirm, { body: { code: typed }, token }),
    onSuccess: onConfirmed,
    onError: (err) => {
      if (expired(err)) return;
      if (hasCode(err, 'wrong_code', 'invalid_field', 'missing_field')) {
        setFieldError(errorMessage(err, 'Wrong code'));
        codeRef.current?.select();
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isTotpComplete(code)) {
      setFieldError('Enter the 6-digit code your app shows');
      codeRef.current?.focus();
      return;
    }
    setFieldError(null);
    confirm.mutate(code);
  }

  const otherFailure =
    confirm.isError &&
    !hasCode(confirm.error, 'wrong_code', 'invalid_field', 'missing_field', 'mfa_token_expired');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
            1Password...).
          </List.Item>
          <List.Item>Scan the QR code, or type the key below into the app.</List.Item>
          <List.Item>Enter the 6-digit code the app then shows.</List.Item>
        </List>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <QrImage url={setup.otpauth_url} />
          <Stack gap={6} style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <Text size="sm" fw={500} id="totp-secret-label">
              Key for typing in
            </Text>
            <Text
              component="code"
              aria-labelledby="totp-secret-label"
              data-testid="totp-secret"
              ff="monospace"
              size="md"
              style={{ overflowWrap: 'anywhere' }}
            >
              {groupSecret(setup.secret)}
            </Text>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="xs"
                  w="fit-content"
                  leftSection={
                    copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? 'Key copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
        {otherFailure && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(confirm.error, 'Failed to turn the authenticator app on')}
          </Alert>
        )}
        <Box maw={240}>
          <CodeField
            value={code}
            inputRef={codeRef}
            error={fieldError}
            onChange={(next) => {
              setCode(next);
              setFieldError(null);
            }}
          />
        </Box>
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The otpauth address as a QR code, drawn in the browser: the secret never leaves this page. */
function QrImage({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((data) => live && setSrc(data))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Box w={192} h={192} style={{ flex: 'none' }}>
      {src && (
        <Image
          src={src}
          w={192}
          h={192}
          alt="QR code to scan with your authenticator app (the same key is written beside it)"
        />
      )}
    </Box>
  );
}
