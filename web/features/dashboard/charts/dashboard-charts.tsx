import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ConsultOverview } from '../../../../common/api/dashboard';
import { formatCurrency } from '../../../../common/format';
import { monthLabel } from '../../../../common/months';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export function WinRateBarChart({
  providers,
  height,
}: {
  providers: ConsultOverview['providers'];
  height: number;
}) {
  const data = providers.map((row) => ({ provider: row.provider, win_rate: row.win_rate }));
  return (
    <BarChart
      h={Math.max(height, providers.length * 34 + 40)}
      data={data}
      dataKey="provider"
      orientation="vertical"
      series={[{ name: 'win_rate', label: 'Win Rate %', color: 'brand.6' }]}
      valueFormatter={(value) => `${value.toFixed(1)}%`}
      xAxisProps={{ domain: [0, 100], tickFormatter: (value: number) => `${value}%` }}
      yAxisProps={{ width: 140 }}
      gridAxis="x"
      withBarValueLabel
      accessibilityLayer={false}
    />
  );
}

export function ArchValueBarChart({
  months,
  monthTotals,
  height,
}: {
  months: readonly string[];
  monthTotals: Record<string, number>;
  height: number;
}) {
  const data = months.map((month) => ({ month: monthLabel(month), value: monthTotals[month] ?? 0 }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="month"
      series={[{ name: 'value', label: 'Arch case value', color: 'brand.6' }]}
      valueFormatter={(value) => formatCurrency(value)}
      yAxisProps={{ tickFormatter: (value: number) => compactMoney.format(value), width: 64 }}
      gridAxis="y"
      accessibilityLayer={false}
    />
  );
}
