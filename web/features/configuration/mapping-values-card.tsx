import { Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { MappingValue } from '../../../common/api/config';
import { formatCurrency } from '../../../common/format';
import { QueryStatus } from '../../components/query-status';
import { ScrollTable } from '../../components/scroll-table';
import { useMappingValues } from './api';
import classes from './mapping-values.module.css';
import { filterMappingValues } from './rules';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Rows drawn at a time: a few screenfuls of the 400px box. More are drawn as the box is scrolled
 * to its end, so the page never holds all 2,047 rows unless someone scrolls through them.
 */
const PAGE_ROWS = 100;

// Drawn again only when the rows change, not on every keystroke in the filter.
const Rows = memo(function Rows({ rows }: { rows: readonly MappingValue[] }) {
  return (
    <>
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>{row.procedure_status}</Table.Td>
          <Table.Td ta="right">{row.no_of_arches}</Table.Td>
          <Table.Td>
            <span className={classes.outcome} data-outcome={row.win_loss}>
              {row.win_loss}
            </span>
          </Table.Td>
          <Table.Td ta="right">{formatCurrency(row.case_value)}</Table.Td>
        </Table.Tr>
      ))}
    </>
  );
});

function summary(shown: number, all: number): string {
  return shown === all ? `${count(all)} mappings` : `Showing ${count(shown)} of ${count(all)} mappings`;
}

export function MappingValuesCard() {
  const values = useMappingValues();
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter);
  const [limit, setLimit] = useState({ filter: '', rows: PAGE_ROWS });
  // A new filter starts again from its first rows.
  const rowLimit = limit.filter === deferred ? limit.rows : PAGE_ROWS;

  const all = values.data ?? [];
  const shown = useMemo(() => filterMappingValues(all, deferred), [all, deferred]);
  const drawn = useMemo(() => shown.slice(0, rowLimit), [shown, rowLimit]);
  const drawMore = () => {
    if (rowLimit < shown.length) setLimit({ filter: deferred, rows: rowLimit + PAGE_ROWS });
  };

  return (
    <Card>
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <div>
          <Title order={3} size="h4">
            Mapping Values
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {values.isSuccess ? summary(shown.length, all.length) : 'The outcome of every procedure status.'}
          </Text>
        </div>
        <TextInput
          label="Filter"
          placeholder="Status, arches, outcome or value"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>

      <QueryStatus
        query={values}
        loading="Loading mapping values"
        failed="Failed to load the mapping values"
        rows={4}
        rowHeight={28}
      />
      {values.isSuccess && (
        <ScrollTable label="Mapping values" minWidth={540} maxHeight={400} onBottomReached={drawMore}>
          <Table striped verticalSpacing={4} fz="sm" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Procedure Status</Table.Th>
                <Table.Th w={120} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  No of Arches
                </Table.Th>
                <Table.Th w={100}>Win/Loss</Table.Th>
                <Table.Th w={110} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Case Value
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Rows rows={drawn} />
              {drawn.length < shown.length && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm">
                      {count(shown.length - drawn.length)} more: scroll down to see them, or narrow the
                      filter.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm">
                      {all.length === 0
                        ? 'No mapping values yet. Use Initialize System on the Data Import tab to build them.'
                        : 'No mapping matches the filter.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Card>
  );
}
