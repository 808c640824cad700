import { Button, Group, Stack, Text } from '@mantine/core';
import type { Activity } from '../../../common/api/activities';
import { formatDate, formatDateTime } from '../../../common/format';
import { useDeleteActivity } from './api';
import { saved, saveFailed } from './feedback';
import { activityTitle, canDelete, followUpChange } from './words';

export const NO_ACTIVITY = 'Nothing recorded yet. Record a contact or add a note above.';

interface Props {
  /** Newest first, as the server sends them. */
  activities: readonly Activity[];
  user: { username: string; role: string };
  labelledBy: string;
}

/** What was done about the case, newest first, with who and when. */
export function Timeline({ activities, user, labelledBy }: Props) {
  const remove = useDeleteActivity();
  if (activities.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {NO_ACTIVITY}
      </Text>
    );
  return (
    <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {activities.map((a) => {
        const change = followUpChange(a);
        const title = activityTitle(a);
        return (
          <li key={a.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)', padding: '8px 0' }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              {/* The words take the room left; the button keeps its own, however long the note. */}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDate(a.date)}</span> {title}
                </Text>
                {change && <Text size="sm">{change}</Text>}
                {a.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {a.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {a.user}, {formatDateTime(a.logged_at)}
                </Text>
              </Stack>
              {canDelete(a, user) && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  style={{ flexShrink: 0 }}
                  aria-label={`Delete ${title} of ${formatDate(a.date)}`}
                  loading={remove.isPending && remove.variables === a.id}
                  onClick={() =>
                    remove.mutate(a.id, { onSuccess: () => saved('Activity deleted.'), onError: saveFailed })
                  }
                >
                  Delete
                </Button>
              )}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
