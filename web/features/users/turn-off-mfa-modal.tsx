import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { User } from '../../../common/api/auth';
import { errorMessage } from '../../lib/api';
import { useTurnOffMfaFor } from './api';

interface Props {
  opened: boolean;
  /** Kept while the modal fades out, so its text does not vanish first. */
  user: User | null;
  onClose: () => void;
}

/** An admin turns off another user's second factor (docs/behaviour.md section 20), after asking. */
export function TurnOffMfaModal({ opened, user, onClose }: Props) {
  const turnOff = useTurnOffMfaFor();
  const close = () => {
    turnOff.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Turn off second factor" size="sm">
      {user && (
        <Stack gap="md">
          {turnOff.isError && (
            <Alert color="red" variant="light" role="alert" title="Failed to turn off the second factor">
              {errorMessage(turnOff.error, '')}
            </Alert>
          )}
          <Text>
            Turn off the second factor of <strong>{user.username}</strong>?
          </Text>
          <Text size="sm" c="dimmed">
            Their authenticator app, recovery codes and passkeys are removed and they are signed out
            everywhere. If the Security setting requires a second factor of them, they set up a new one at
            their next sign-in.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={turnOff.isPending} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={turnOff.isPending}
              onClick={() => turnOff.mutate(user.id, { onSuccess: close })}
            >
              {turnOff.isPending ? 'Turning off...' : 'Turn off'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
