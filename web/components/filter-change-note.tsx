import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The line under a filters card's selects that says why a filter changed on its own. */
export function FilterChangeNote({ note }: { note: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status">
      <IconInfoCircle
        size={18}
        aria-hidden
        color="var(--mantine-color-blue-7)"
        style={{ flex: 'none', marginTop: 1 }}
      />
      <Text size="sm">{note}</Text>
    </Group>
  );
}
