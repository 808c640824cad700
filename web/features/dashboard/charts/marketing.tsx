import { Table, VisuallyHidden } from '@mantine/core';
import { lazy } from 'react';
import { formatCurrency } from '../../../../common/format';
import { CHART_HEIGHT, ChartFrame } from './chart-frame';
import type { SourceMoney } from './marketing-chart';

// recharts is large: the chart loads in its own chunk after the table is on screen.
const LazyMarketing = lazy(() => import('./marketing-chart').then((m) => ({ default: m.MarketingBarChart })));

/**
 * Spend against arch value by source, and the same figures as a table that only screen readers
 * read: the chart is one image to them.
 */
export function MarketingChart({ sources }: { sources: readonly SourceMoney[] }) {
  return (
    <>
      <ChartFrame
        title="Spend and Arch Value by Source"
        description="Bar chart of each source's spend beside the arch value it brought. The table after it has the exact figures."
      >
        <LazyMarketing sources={sources} height={CHART_HEIGHT} />
      </ChartFrame>
      <VisuallyHidden>
        <Table aria-label="Spend and arch value by source">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th>Spend</Table.Th>
              <Table.Th>Arch value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((row) => (
              <Table.Tr key={row.source}>
                <Table.Th scope="row">{row.source}</Table.Th>
                <Table.Td>{formatCurrency(row.spend)}</Table.Td>
                <Table.Td>{formatCurrency(row.arch_value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
