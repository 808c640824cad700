import { ActionIcon, Code, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { CHECK_COMMAND, RESTORE_COMMAND } from '../../../common/api/backups';

/** How a backup is read back (docs/behaviour.md section 21): the two commands, run on the server. */
export function RestoreHelp({ dir }: { dir: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="restore-title">
      <Title order={3} size="h5" id="restore-title">
        How to restore
      </Title>
      <Text size="sm">
        Stop the server first. A backup can be read only with its key: BACKUP_KEY, or the data folder's
        backup.key.
      </Text>
      <Command
        label="Restore a backup into an empty data folder or database (add --force to replace one that is not empty)"
        command={RESTORE_COMMAND}
        copyLabel="Copy the restore command"
      />
      <Command
        label="Check a backup: read it whole into a throwaway database and count its rows, changing nothing"
        command={CHECK_COMMAND}
        copyLabel="Copy the check command"
      />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        FILE is the backup's path, e.g. {dir}/full-arch-backup-….fab.
      </Text>
    </Stack>
  );
}

function Command({ label, command, copyLabel }: { label: string; command: string; copyLabel: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{label}</Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {command}
        </Code>
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : copyLabel}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={copied ? 'Copied' : copyLabel}
                onClick={copy}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
