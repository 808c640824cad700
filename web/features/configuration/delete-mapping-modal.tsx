import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api';
import { useDeleteMapping } from './api';

interface Props {
  opened: boolean;
  /** Kept while the modal fades out, so its text does not vanish first. */
  code: string | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

export function DeleteMappingModal({ opened, code, onClose, onDeleted }: Props) {
  const remove = useDeleteMapping();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete Code Mapping" size="sm">
      {code && (
        <Stack gap="md">
          {remove.isError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title="Failed to delete code mapping"
              styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
            >
              {errorMessage(remove.error, '') || undefined}
            </Alert>
          )}
          <Text>
            Are you sure you want to delete the mapping for <strong>{code}</strong>?
          </Text>
          <Text size="sm" c="dimmed">
            Procedures with this code will no longer be mapped to a label, and the scoresheet is recalculated
            at once.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button
              // Shade 9: white text on Mantine's default red is only 3.8:1.
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(code, {
                  onSuccess: (result) => {
                    onDeleted(result.message);
                    close();
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
