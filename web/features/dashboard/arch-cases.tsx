import { Box } from '@mantine/core';
import type { ArchCasesResponse } from '../../../common/api/dashboard';
import { formatCurrency } from '../../../common/format';
import { longMonthLabel, monthLabel } from '../../../common/months';
import { ArchValueChart } from './charts';
import { type DetailRequest, detailScope } from './detail-request';
import { type Filters, providerParam } from './filters';
import { MoneyGrid } from './money-grid';
import { EmptyState, NO_DATA_HINT, Panel, TableSkeleton } from './parts';

interface Props {
  filters: Filters;
  data: ArchCasesResponse | undefined;
  loading: boolean;
  onOpen: (request: DetailRequest) => void;
}

/**
 * Won cases by provider and month of scan completion. Every month cell opens its cases, and a
 * Total cell the whole year's (the details call takes the year, `2026`, as its month).
 */
export function ArchCasesPanel({ filters, data, loading, onOpen }: Props) {
  return (
    <Panel
      title="Arch Cases by Provider by Month"
      description={`Case value of won cases in ${filters.year}, counted in the month scans were completed. Select a month or a total to see the cases.`}
    >
      {loading ? (
        <TableSkeleton label="Loading arch cases" />
      ) : data && data.providers.length > 0 ? (
        <>
          <MoneyGrid
            label="Arch Cases by Provider by Month"
            months={data.months}
            rows={data.providers}
            monthTotals={data.month_totals}
            grandTotal={data.grand_total}
            totalsProvider={providerParam(filters.provider)}
            monthHeader={(month) => monthLabel(month)}
            request={(month, _value, provider) => ({
              kind: 'arch_cases',
              month,
              provider,
              ...detailScope(filters),
            })}
            buttonLabel={(month, value, provider) =>
              `Show arch cases for ${provider ?? 'all providers'} in ${longMonthLabel(month)} (${value ? formatCurrency(value) : 'none'})`
            }
            total={{
              request: (_value, provider) => ({
                kind: 'arch_cases',
                month: String(filters.year),
                provider,
                ...detailScope(filters),
              }),
              label: (value, provider) =>
                `Show arch cases for ${provider ?? 'all providers'} in ${filters.year} (${value ? formatCurrency(value) : 'none'})`,
            }}
            onOpen={onOpen}
          />
          <Box mt="md">
            <ArchValueChart months={data.months} monthTotals={data.month_totals} />
          </Box>
        </>
      ) : (
        <EmptyState>No arch cases for this selection. {NO_DATA_HINT}</EmptyState>
      )}
    </Panel>
  );
}
