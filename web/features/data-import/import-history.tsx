import { Alert, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { IMPORT_KIND_NAMES, type ImportHistoryItem } from '../../../common/api/imports';
import { formatDateTime } from '../../../common/format';
import { type Column, ColumnRows } from '../../components/column-table';
import { QueryStatus } from '../../components/query-status';
import { ScrollTable } from '../../components/scroll-table';
import { errorMessage } from '../../lib/api';
import { useImportHistory, useLoadSampleData } from './api';

interface Props {
  canImport: boolean;
  busy: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');
const nowrap = { style: { whiteSpace: 'nowrap' } } as const;
const right = { ta: 'right' } as const;

const COLUMNS: Column<ImportHistoryItem>[] = [
  {
    header: 'Kind',
    td: nowrap,
    cell: (item) => (
      <>
        {IMPORT_KIND_NAMES[item.kind]}
        {!item.replace && (
          <Text span size="xs" c="dimmed">
            {' '}
            (merged)
          </Text>
        )}
      </>
    ),
  },
  // Long names may break anywhere, but a usual one (future-scheduled.csv) stays whole.
  {
    header: 'File Name',
    cell: (item) => item.file_name,
    td: { style: { overflowWrap: 'anywhere', minWidth: 180 } },
  },
  { header: 'User', cell: (item) => item.username ?? 'System', td: nowrap },
  { header: 'Time', cell: (item) => formatDateTime(item.at), td: nowrap },
  { header: 'Rows Imported', cell: (item) => count(item.rows_imported), td: right, th: right },
  { header: 'Rows Skipped', cell: (item) => count(item.rows_skipped), td: right, th: right },
];

function HistoryTable({ imports }: { imports: readonly ImportHistoryItem[] }) {
  return (
    <ScrollTable label="Import history" minWidth={760} maxHeight={420}>
      <Table striped verticalSpacing="xs" stickyHeader>
        <ColumnRows columns={COLUMNS} rows={imports} rowKey={(item) => item.id} />
      </Table>
    </ScrollTable>
  );
}

interface SampleDataProps {
  canImport: boolean;
  busy: boolean;
  loading: boolean;
  onLoad: () => void;
}

/** Offered only on an empty system, so a new user can try the app before exporting their own data. */
function SampleData({ canImport, busy, loading, onLoad }: SampleDataProps) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text c="dimmed">
        No files imported yet. Import the files above
        {canImport ? ', or load the sample data to see how the app works.' : '.'}
      </Text>
      {canImport && (
        <Button
          variant="default"
          leftSection={<IconDatabaseImport size={18} aria-hidden />}
          disabled={busy}
          loading={loading}
          onClick={onLoad}
        >
          Load sample data
        </Button>
      )}
    </Stack>
  );
}

export function ImportHistory({ canImport, busy }: Props) {
  const history = useImportHistory();
  // Held here, not in the sample-data block, so its message stays once the history fills.
  const sample = useLoadSampleData();
  return (
    <Card>
      <Title order={3} size="h4">
        Import History
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The latest successful imports, newest first.
      </Text>
      {sample.isSuccess && (
        <Alert color="green" variant="light" role="status" mb="sm">
          {sample.data.message}
        </Alert>
      )}
      {sample.isError && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {errorMessage(sample.error, 'Failed to load the sample data')}
        </Alert>
      )}
      <QueryStatus
        query={history}
        loading="Loading import history"
        failed="Failed to load the import history"
        rows={3}
        rowHeight={28}
      />
      {history.isSuccess &&
        (history.data.length > 0 ? (
          <HistoryTable imports={history.data} />
        ) : (
          <SampleData
            canImport={canImport}
            busy={busy}
            loading={sample.isPending}
            onLoad={() => sample.mutate()}
          />
        ))}
    </Card>
  );
}
