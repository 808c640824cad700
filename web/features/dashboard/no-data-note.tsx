import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDatabaseImport, IconInfoCircle } from '@tabler/icons-react';
import { useContext } from 'react';
import { canEditData } from '../../../common/roles';
import { errorMessage } from '../../lib/api';
import { useLoadSampleData } from '../../lib/sample-data';
import { AuthContext } from '../../session/auth';
import { useLastImport } from './api';

/**
 * Before the first import every panel is empty: say why, and let a manager or admin try the app
 * with the sample data in one click (the same load the Data Import tab offers).
 */
export function NoDataNote() {
  const lastImport = useLastImport();
  const state = useContext(AuthContext)?.state;
  const canLoad = state?.status === 'signed-in' && canEditData(state.user.role);
  const sample = useLoadSampleData();
  if (!lastImport.isSuccess || lastImport.data.last_import_date !== null) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title="No data yet">
      <Text size="sm">
        {canLoad
          ? 'Import your practice-management exports on the Data Import tab, or load the sample data to see how the Dashboard works.'
          : 'The figures appear once a manager or admin imports the practice-management exports.'}
      </Text>
      {canLoad && (
        <Group mt="sm">
          <Button
            variant="default"
            leftSection={<IconDatabaseImport size={18} aria-hidden />}
            loading={sample.isPending}
            onClick={() => sample.mutate()}
          >
            Load sample data
          </Button>
        </Group>
      )}
      {sample.isError && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {errorMessage(sample.error, 'Failed to load the sample data')}
        </Text>
      )}
    </Alert>
  );
}
