import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { MAX_PASSKEY_NAME_LENGTH, PASSKEY_NAME_REQUIRED, type Passkey } from '../../../common/api/mfa';
import { formatDateTime } from '../../../common/format';
import { errorMessage } from '../../lib/api';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from './api';
import { passkeyFailure } from './webauthn';

/** Passkeys (docs/behaviour.md section 20): several per user, each named; added, renamed, removed. */
export function PasskeysSection({ passkeys }: { passkeys: readonly Passkey[] }) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby="passkeys-title">
      <Title order={3} size="h4" id="passkeys-title">
        Passkeys
      </Title>
      <Text size="sm">
        A passkey on this computer or your phone (fingerprint, face or PIN) can stand in for the code when you
        sign in.
      </Text>
      {passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No passkeys yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </Stack>
      )}
      {adding ? (
        <AddPasskeyForm onDone={() => setAdding(false)} />
      ) : (
        <Group>
          <Button
            variant="default"
            leftSection={<IconFingerprint size={18} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add a passkey
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A passkey's name as typed when it is added or renamed: focused first, its error said aloud. */
function PasskeyNameInput({
  onChange,
  error,
  ...props
}: Omit<TextInputProps, 'onChange' | 'error'> & { onChange(name: string): void; error: string | null }) {
  return (
    <TextInput
      required
      data-autofocus
      autoFocus
      maxLength={MAX_PASSKEY_NAME_LENGTH}
      error={error ?? undefined}
      errorProps={{ role: 'alert' }}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...props}
    />
  );
}

const checkName = (name: string) =>
  !name.trim()
    ? PASSKEY_NAME_REQUIRED
    : name.trim().length > MAX_PASSKEY_NAME_LENGTH
      ? `A passkey name is at most ${MAX_PASSKEY_NAME_LENGTH} characters`
      : null;

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = checkName(name);
    setNameError(wrong);
    setFailure(null);
    if (wrong) return;
    add.mutate(name.trim(), {
      onSuccess: onDone,
      // A refusal of the browser's (cancelled) is a DOMException; the server's is an ApiError.
      onError: (err) =>
        setFailure(
          err instanceof DOMException
            ? passkeyFailure(err, 'add')
            : errorMessage(err, 'Failed to add the passkey'),
        ),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <PasskeyNameInput
          label="Name of the passkey"
          description="So you can tell it apart, e.g. 'Front desk PC' or 'My phone'"
          value={name}
          error={nameError}
          onChange={(next) => {
            setName(next);
            setNameError(null);
          }}
        />
        <Group gap="sm">
          <Button type="submit" loading={add.isPending}>
            Create passkey
          </Button>
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type RowMode = 'view' | 'rename' | 'remove';

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [mode, setMode] = useState<RowMode>('view');
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const failure = rename.error ?? remove.error;

  function submitRename(event: FormEvent) {
    event.preventDefault();
    const wrong = checkName(name);
    setNameError(wrong);
    if (wrong) return;
    rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setMode('view') });
  }

  return (
    <Paper component="li" withBorder p="sm" aria-label={`Passkey ${passkey.name}`}>
      <Stack gap="xs">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(failure, 'Failed to change the passkey')}
          </Alert>
        )}
        {mode === 'rename' ? (
          <form onSubmit={submitRename} noValidate>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <PasskeyNameInput
                label="New name"
                value={name}
                error={nameError}
                onChange={(next) => {
                  setName(next);
                  setNameError(null);
                }}
                style={{ flex: '1 1 12rem' }}
              />
              <Button type="submit" loading={rename.isPending}>
                Save
              </Button>
              <Button variant="default" onClick={() => setMode('view')} disabled={rename.isPending}>
                Cancel
              </Button>
            </Group>
          </form>
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {passkey.name}
              </Text>
              <Text size="sm" c="dimmed">
                Added {formatDateTime(passkey.created_at)} · Last used{' '}
                {passkey.last_used_at ? formatDateTime(passkey.last_used_at) : 'never'}
              </Text>
            </Stack>
            {mode === 'view' && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Rename ${passkey.name}`}
                  onClick={() => {
                    setName(passkey.name);
                    setMode('rename');
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setMode('remove')}
                >
                  Remove
                </Button>
              </Group>
            )}
          </Group>
        )}
        {mode === 'remove' && (
          <Group gap="sm" wrap="wrap">
            <Text size="sm" role="status">
              Remove this passkey? It will no longer sign you in.
            </Text>
            <Button
              size="xs"
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate(passkey.id)}
            >
              Remove passkey
            </Button>
            <Button size="xs" variant="default" onClick={() => setMode('view')} disabled={remove.isPending}>
              Keep it
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
