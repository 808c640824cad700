import { Stack, Table, Title } from '@mantine/core';
import { useId } from 'react';
import { ALL_DATES, type FutureCaseValueResponse } from '../../../common/api/dashboard';
import { formatCurrency } from '../../../common/format';
import { longMonthLabel, monthLabel } from '../../../common/months';
import classes from './dashboard.module.css';
import { type DetailRequest, detailScope } from './detail-request';
import { type Filters, providerParam } from './filters';
import { MoneyGrid } from './money-grid';
import { CellButton, EmptyState, Panel, TableSkeleton } from './parts';

interface Props {
  filters: Filters;
  data: FutureCaseValueResponse | undefined;
  loading: boolean;
  onOpen: (request: DetailRequest) => void;
}

/** Scheduled value ahead, and cases waiting on finance. The provider filter applies; the year does not. */
export function FutureValuePanel({ filters, data, loading, onOpen }: Props) {
  return (
    <Panel
      title="Future Case Value & Pending Finance"
      description="Every scheduled appointment with a case value and every pending finance case, whatever the year. Select a value to see the patients."
    >
      {loading ? (
        <TableSkeleton label="Loading future case value" rows={7} />
      ) : (
        <Stack gap="lg">
          <FutureTreatments filters={filters} data={data} onOpen={onOpen} />
          <PendingFinance filters={filters} data={data} onOpen={onOpen} />
        </Stack>
      )}
    </Panel>
  );
}

function FutureTreatments({ filters, data, onOpen }: Omit<Props, 'loading'>) {
  const grid = data?.future_treatments;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} size="h5" mb="xs" id={titleId}>
        Future Scheduled Treatments by Month
      </Title>
      {grid && grid.providers.length > 0 ? (
        <MoneyGrid
          label="Future Scheduled Treatments by Month"
          months={grid.months}
          rows={grid.providers}
          monthTotals={grid.month_totals}
          grandTotal={grid.grand_total}
          totalsProvider={providerParam(filters.provider)}
          monthHeader={(month) => monthLabel(month, true)}
          // Nothing to list behind an empty cell.
          request={(month, value, provider) =>
            value ? { kind: 'future_cases', month, provider, ...detailScope(filters) } : null
          }
          buttonLabel={(month, value, provider) =>
            `Show future treatments for ${provider ?? 'all providers'} in ${longMonthLabel(month)} (${formatCurrency(value)})`
          }
          // A total lists every date, TBD included.
          total={{
            request: (value, provider) =>
              value ? { kind: 'future_cases', month: ALL_DATES, provider, ...detailScope(filters) } : null,
            label: (value, provider) =>
              `Show all future treatments for ${provider ?? 'all providers'} (${formatCurrency(value)})`,
          }}
          onOpen={onOpen}
        />
      ) : (
        <EmptyState>
          No future scheduled treatments with a case value. Import the Future Scheduled report in the Data
          Import tab, or choose another provider.
        </EmptyState>
      )}
    </section>
  );
}

function PendingFinance({ filters, data, onOpen }: Omit<Props, 'loading'>) {
  const pending = data?.pending_finance;
  const titleId = useId();
  const cell = (value: number, provider: string | null) =>
    value ? (
      <CellButton
        label={`Show pending finance cases for ${provider ?? 'all providers'} (${formatCurrency(value)})`}
        onClick={() => onOpen({ kind: 'pending_finance', provider, ...detailScope(filters) })}
      >
        {formatCurrency(value)}
      </CellButton>
    ) : (
      formatCurrency(value)
    );

  return (
    <section aria-labelledby={titleId}>
      <Title order={3} size="h5" mb="xs" id={titleId}>
        Pending Finance Cases
      </Title>
      {pending && pending.providers.length > 0 ? (
        <Table.ScrollContainer minWidth={280}>
          <Table striped highlightOnHover verticalSpacing="xs" maw={560} aria-label="Pending Finance Cases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Provider Name</Table.Th>
                <Table.Th className={classes.number}>Case Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.providers.map((row) => (
                <Table.Tr key={row.provider}>
                  <Table.Th scope="row" fw={500}>
                    {row.provider}
                  </Table.Th>
                  <Table.Td className={classes.number}>{cell(row.case_value, row.provider)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr className={classes.totalsRow}>
                <Table.Th scope="row">Grand Total</Table.Th>
                <Table.Td className={classes.number}>
                  {cell(pending.grand_total, providerParam(filters.provider))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <EmptyState>No pending finance cases for this selection.</EmptyState>
      )}
    </section>
  );
}
