import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { SyncStatus } from '../../../common/api/sync';
import { formatDateTime } from '../../../common/format';
import { scheduleName } from '../../../common/sync-words';
import { Details, unmappedSection } from './import-result';
import { whatToCheck } from './sync-words';

const count = (n: number | null, one: string) =>
  `${(n ?? 0).toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;

interface Props {
  status: SyncStatus;
  /** Admins are the ones who can set it up; others are told who can. */
  isAdmin: boolean;
}

/** Whether a sync is set up, its schedule, and the last sync's time, rows and result. */
export function SyncStatusLines({ status, isAdmin }: Props) {
  if (!status.configured) {
    return (
      <Text size="sm">
        No Open Dental connection is set.{' '}
        {isAdmin
          ? 'Fill in the connection below, save it and test it.'
          : 'An admin can set it up on this tab; until then, import the exported files below.'}
      </Text>
    );
  }
  const last = status.last_sync;
  const check = last && !last.ok ? whatToCheck(last.error_code) : null;
  return (
    <Stack gap={6}>
      <Text size="sm">
        Schedule: <strong>{scheduleName(status)}</strong>
      </Text>
      {status.running && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">A sync from Open Dental is under way...</Text>
        </Group>
      )}
      {!last && <Text size="sm">Not synced yet.</Text>}
      {last?.ok && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleCheck
            size={18}
            color="var(--mantine-color-green-7)"
            aria-hidden
            style={{ flex: 'none' }}
          />
          <Text size="sm" data-testid="last-sync">
            Last sync: {formatDateTime(last.at)}, {count(last.records_imported, 'row')} imported,{' '}
            {count(last.rows_skipped, 'row')} skipped.
          </Text>
        </Group>
      )}
      {/* Kept with the last sync, so a scheduled one's codes are listed too, as an import's are. */}
      {last?.ok && last.unmapped_codes.length > 0 && (
        <Details sections={[unmappedSection(last.unmapped_codes)]} />
      )}
      {last && !last.ok && (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={18}
              color="var(--mantine-color-red-9)"
              aria-hidden
              style={{ flex: 'none' }}
            />
            <Text size="sm" c="red.9" fw={500} data-testid="last-sync">
              Last sync failed: {last.error ?? 'no reason was given'}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(last.at)}
            {check ? `. ${check}` : ''}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
