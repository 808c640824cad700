import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { TrendsResponse } from '../../../../common/api/dashboard';
import { monthLabel } from '../months';

/** Consults and won per month as bars on the left axis, win rate as a line on a right axis of 0-100%. */
export function TrendCompositeChart({ trends, height }: { trends: TrendsResponse; height: number }) {
  const data = trends.months.map((month, i) => ({
    month: monthLabel(month),
    consults: trends.consults[i] ?? 0,
    won: trends.won[i] ?? 0,
    win_rate: trends.win_rate[i] ?? 0,
  }));
  return (
    <CompositeChart
      h={height}
      data={data}
      dataKey="month"
      withLegend
      withRightYAxis
      series={[
        { name: 'consults', label: 'Consults', color: 'gray.5', type: 'bar' },
        { name: 'won', label: 'Won', color: 'brand.6', type: 'bar' },
        { name: 'win_rate', label: 'Win Rate %', color: 'orange.6', type: 'line', yAxisId: 'right' },
      ]}
      valueFormatter={(value) => String(value)}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      rightYAxisProps={{ domain: [0, 100], tickFormatter: (value: number) => `${value}%`, width: 48 }}
      gridAxis="y"
      // Straight segments: a smoothed line would swing above and below the months' real rates.
      curveType="linear"
      maxBarWidth={24}
      accessibilityLayer={false}
    />
  );
}
