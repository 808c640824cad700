import { Alert, Text } from '@mantine/core';

/** A failed test or sync in words, with what to check (sync-words.ts) under the reason. */
export function SyncFailure({
  title,
  reason,
  check,
}: {
  title: string;
  reason: string;
  check: string | null;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      // The light red of the title is too pale on its background to read (contrast).
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
    >
      {reason}
      {check && (
        <Text size="sm" mt={4}>
          {check}
        </Text>
      )}
    </Alert>
  );
}
