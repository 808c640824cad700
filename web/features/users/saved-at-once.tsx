import { Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';

/**
 * A setting saved as it is changed, with no form to submit (the privacy switch, the Security
 * choice): the change is shown at once while it is saved, then the server's answer is the setting.
 */
export function useSavedAtOnce<T>(
  stored: T | undefined,
  fallback: T,
  save: (value: T, options: { onSettled: () => void }) => void,
) {
  const [asked, setAsked] = useState<T | null>(null);
  const change = (next: T) => {
    setAsked(next);
    save(next, { onSettled: () => setAsked(null) });
  };
  return { value: asked ?? stored ?? fallback, change };
}

/** What the last save did, beside the setting: saving, saved (in words), or why it failed. */
export function SaveOutcome({
  pending,
  saved,
  error,
}: {
  pending: boolean;
  saved: string | null;
  error: unknown;
}) {
  return (
    <>
      {pending && <Loader size="xs" aria-label="Saving" />}
      {saved && (
        // Green text on white is too faint to read: the icon carries the colour.
        <Group gap={4} wrap="nowrap">
          <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="sm" role="status">
            {saved}
          </Text>
        </Group>
      )}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(error, 'Failed to save the setting')}
        </Text>
      ) : null}
    </>
  );
}
