import { Alert, type MantineSpacing } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { syncWarningWords } from '../../common/sync-words';
import { useSyncStatus } from '../lib/sync-status';

/**
 * One line, on every tab, when the figures are behind Open Dental: the last sync failed, or none
 * has worked since a scheduled one (docs/behaviour.md section 18), in the words the PDF and the
 * e-mails use. The Data Import tab's card reads the same query, so both show one answer.
 */
export function SyncWarning({ mb }: { mb?: MantineSpacing }) {
  const status = useSyncStatus();
  const warning = status.data?.warning;
  if (!status.data || !warning) return null;
  return (
    <Alert
      color={warning.kind === 'failed' ? 'red' : 'yellow'}
      variant="light"
      role="status"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      py={6}
      mb={mb}
    >
      {syncWarningWords(warning, status.data)}
    </Alert>
  );
}
