import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCurrency } from '../../../../common/format';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export interface SourceMoney {
  source: string;
  spend: number;
  arch_value: number;
}

/** Each source's spend beside the arch value it brought: one pair of bars a source. */
export function MarketingBarChart({ sources, height }: { sources: readonly SourceMoney[]; height: number }) {
  return (
    <BarChart
      h={Math.max(height, sources.length * 52 + 60)}
      data={[...sources]}
      dataKey="source"
      orientation="vertical"
      series={[
        { name: 'spend', label: 'Spend', color: 'orange.6' },
        { name: 'arch_value', label: 'Arch value', color: 'brand.6' },
      ]}
      valueFormatter={(value) => formatCurrency(value)}
      xAxisProps={{ tickFormatter: (value: number) => compactMoney.format(value) }}
      yAxisProps={{ width: 110 }}
      gridAxis="x"
      withLegend
      accessibilityLayer={false}
    />
  );
}
