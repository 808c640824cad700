import { Group, Skeleton, Text } from '@mantine/core';
import { dataThroughWords } from '../../../common/data-through';
import { formatDateTime } from '../../../common/format';
import { useLastImport } from './api';

/** `11/22/2026, 9:15 PM`; 'Never' before the first import. */
export function formatImportDate(value: string | null): string {
  return value ? formatDateTime(value) : 'Never';
}

/** Beside the filters' title: how far the data goes, which is not when it was imported (section 6.6). */
export function LastImport() {
  const lastImport = useLastImport();
  return (
    <Group gap="md" wrap="wrap">
      {lastImport.isSuccess && lastImport.data.last_import_date !== null && (
        <Text size="sm" fw={600}>
          {dataThroughWords(lastImport.data.data_through)}
        </Text>
      )}
      <Text size="sm" c="dimmed" component="div">
        Last Data Import:{' '}
        {lastImport.isPending ? (
          <Skeleton component="span" display="inline-block" height={14} width={140} aria-label="Loading" />
        ) : (
          <Text span size="sm" c="var(--mantine-color-text)" fw={500}>
            {lastImport.isError ? '-' : formatImportDate(lastImport.data?.last_import_date ?? null)}
          </Text>
        )}
      </Text>
    </Group>
  );
}
