import { Alert, type MantineSpacing } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { syncApi } from '../../common/api/sync';
import { syncWarningWords } from '../../common/sync-words';
import { call } from '../lib/api';

/**
 * One line, on every tab, when the figures are behind Open Dental: the last sync failed, or none has worked
 * since a scheduled one (docs/behaviour.md section 18), in the words the PDF and the e-mails use.
 * The same query as the Data Import tab's status, so both show one answer.
 */
export function SyncWarning({ mb }: { mb?: MantineSpacing }) {
  const status = useQuery({
    queryKey: ['opendental-status'],
    queryFn: ({ signal }) => call(syncApi.status, { signal }),
  });
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
