import { Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { canEditData, type Role } from '../../../common/roles';
import { useSyncStatus } from '../../lib/sync-status';
import { ConnectionForm } from './connection-form';
import { useOpendentalSettings } from './sync-api';
import { SyncNow } from './sync-now';
import { SyncStatusLines } from './sync-status';

interface Props {
  role: Role;
  /** Another import or action of the tab is under way. */
  busy: boolean;
}

/**
 * Sync from Open Dental (docs/screens.md, Data Import tab; docs/behaviour.md section 18): the
 * status for everyone, Sync now for managers and admins, the connection and schedule for admins.
 */
export function OpendentalCard({ role, busy }: Props) {
  const titleId = useId();
  const isAdmin = role === 'admin';
  const status = useSyncStatus();
  const settings = useOpendentalSettings(isAdmin);
  return (
    <Card component="section" aria-labelledby={titleId} id="opendental">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={titleId}>
            Open Dental
          </Title>
          <Text size="sm" c="dimmed">
            Reads the Full Arch Report and Future Scheduled data straight from the Open Dental database,
            read-only, so no files need exporting. A sync replaces both.
          </Text>
        </div>
        {status.isPending && <Skeleton height={40} />}
        {status.isError && (
          <Text size="sm" c="dimmed">
            The sync status could not be loaded.
          </Text>
        )}
        {status.data && <SyncStatusLines status={status.data} isAdmin={isAdmin} />}
        {status.data?.configured && canEditData(role) && (
          <SyncNow busy={busy} running={status.data.running} />
        )}
        {isAdmin && (
          <>
            <Divider label="Connection" labelPosition="left" />
            {settings.isPending && <Skeleton height={160} />}
            {settings.isError && (
              <Text size="sm" c="dimmed">
                The connection could not be loaded.
              </Text>
            )}
            {settings.data && <ConnectionForm settings={settings.data} />}
          </>
        )}
      </Stack>
    </Card>
  );
}
