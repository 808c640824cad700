import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BackupEntry } from '../../../common/api/backups';
import { formatBytes, formatDateTime } from '../../../common/format';
import { type Column, ColumnRows } from '../../components/column-table';

/** Whether a backup's checksum held when it was last read back: said in words, not by colour alone. */
export function BackupStateBadge({ ok }: { ok: boolean }) {
  // The dot variant keeps dark text (a light red or green badge fails contrast); the word says it.
  return (
    <Badge variant="dot" tt="none" color={ok ? 'green' : 'red'}>
      {ok ? 'Whole' : 'Unreadable'}
    </Badge>
  );
}

const COLUMNS: Column<BackupEntry>[] = [
  { header: 'File', cell: (b) => b.file, td: { style: { overflowWrap: 'anywhere' } } },
  { header: 'Created', cell: (b) => formatDateTime(b.created_at), td: { style: { whiteSpace: 'nowrap' } } },
  { header: 'Size', cell: (b) => formatBytes(b.size), td: { style: { whiteSpace: 'nowrap' } } },
  { header: 'State', cell: (b) => <BackupStateBadge ok={b.ok} /> },
];

/** A table on wide screens; on a phone one small card per backup, so nothing scrolls sideways. */
export function BackupsList({ backups }: { backups: readonly BackupEntry[] }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Backups">
      {backups.map((backup) => (
        <Paper component="li" key={backup.file} withBorder p="sm">
          <Stack gap={4}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {backup.file}
            </Text>
            <Text size="sm">
              {formatDateTime(backup.created_at)} · {formatBytes(backup.size)}
            </Text>
            <div>
              <BackupStateBadge ok={backup.ok} />
            </div>
          </Stack>
        </Paper>
      ))}
    </Stack>
  ) : (
    <Table striped verticalSpacing="xs" aria-label="Backups">
      <ColumnRows columns={COLUMNS} rows={backups} rowKey={(backup) => backup.file} />
    </Table>
  );
}
