import { Alert, Button, Card, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDatabaseExport } from '@tabler/icons-react';
import type { BackupsResponse } from '../../../common/api/backups';
import { formatBytes, formatDateTime } from '../../../common/format';
import { errorMessage } from '../../lib/api';
import { useBackUpNow, useBackups } from './backups-api';
import { BackupsList } from './backups-list';
import { RestoreHelp } from './restore-help';

/**
 * The admins' Backups section (docs/behaviour.md section 21): the files kept, when the next one is
 * made, 'Back up now', the last failure in red, and how to restore one.
 */
export function BackupsCard() {
  const backups = useBackups();
  const now = useBackUpNow();
  const lastError = backups.data?.last_error ?? null;
  const refusal = now.isError ? errorMessage(now.error, 'Failed to make the backup') : null;

  const backUpNow = () =>
    now.mutate(undefined, {
      onSuccess: ({ backup }) =>
        notifications.show({
          color: 'green',
          title: 'Backup made',
          message: `${backup.file} (${formatBytes(backup.size)}) is written and read back whole.`,
        }),
    });

  return (
    <Card component="section" aria-labelledby="backups-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="flex-start">
          <div>
            <Title order={2} size="h4" id="backups-title">
              Backups
            </Title>
            <Text size="sm" c="dimmed">
              Every table in one encrypted file, made each day on the server.
            </Text>
          </div>
          <Button
            leftSection={<IconDatabaseExport size={18} aria-hidden />}
            loading={now.isPending}
            onClick={backUpNow}
          >
            Back up now
          </Button>
        </Group>
        {/* The list says the same failure once it is read again: it is said there, not twice. */}
        {refusal && refusal !== lastError && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        {backups.isPending && <Skeleton height={96} aria-label="Loading backups" />}
        {backups.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(backups.error, 'Failed to read the backups')}
          </Alert>
        )}
        {backups.data && <BackupsBody answer={backups.data} />}
      </Stack>
    </Card>
  );
}

function BackupsBody({ answer }: { answer: BackupsResponse }) {
  return (
    <>
      {answer.last_error && (
        <Alert color="red" variant="light" role="alert" title="The last backup failed">
          <Text size="sm">{answer.last_error}</Text>
          <Text size="sm">It is tried again at the next scheduled time.</Text>
        </Alert>
      )}
      <Stack gap={2}>
        <Text size="sm">
          {answer.next_at
            ? `Next scheduled backup: ${formatDateTime(answer.next_at)}`
            : 'No backup is scheduled.'}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Written to <Code>{answer.dir}</Code>;{' '}
          {answer.keep === 1 ? 'only the newest is kept.' : `the newest ${answer.keep} are kept.`}
        </Text>
      </Stack>
      {answer.backups.length > 0 ? (
        <BackupsList backups={answer.backups} />
      ) : (
        <Text c="dimmed">
          No backups yet. The first is made at the next scheduled time, or use Back up now.
        </Text>
      )}
      <RestoreHelp dir={answer.dir} />
    </>
  );
}
