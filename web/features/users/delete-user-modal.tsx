import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { User } from '../../../common/api/auth';
import { errorMessage } from '../../lib/api';
import { useDeleteUser } from './api';

/** The confirmation before a delete (docs/screens.md section 5). */
interface Props {
  opened: boolean;
  /** Kept while the modal fades out, so its text does not vanish first. */
  user: User | null;
  onClose: () => void;
}

export function DeleteUserModal({ opened, user, onClose }: Props) {
  const remove = useDeleteUser();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete User" size="sm">
      {user && (
        <Stack gap="md">
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" title="Failed to delete user">
              {errorMessage(remove.error, '')}
            </Alert>
          )}
          <Text>Are you sure you want to delete this user?</Text>
          <Text size="sm" c="dimmed">
            <strong>{user.username}</strong> will no longer be able to sign in. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button
              // Shade 9: white text on Mantine's default red is only 3.8:1.
              color="red.9"
              disabled={remove.isPending}
              onClick={() => remove.mutate(user.id, { onSuccess: close })}
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
