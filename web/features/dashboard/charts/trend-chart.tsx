import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import {
  chartMonthLabel,
  hasConsultsGoal,
  noRateWords,
  type TrendMonth,
} from '../../../../common/trend-months';

/**
 * Consults and won per month as bars on the left axis, win rate as a line on a right axis of
 * 0-100%. A month without a win rate (no consult, or not yet happened) is a gap in the line, not
 * a point at 0%; the months not yet happened are shaded, and the month the data stops part-way
 * through is starred on the axis (`Nov*`), its key under the chart. When there are goals, the consults goal
 * of each month is a dashed line on the left axis, over the consults it is set against.
 */
export function TrendCompositeChart({ months, height }: { months: readonly TrendMonth[]; height: number }) {
  const data = months.map((m) => ({
    month: chartMonthLabel(m),
    consults: m.consults,
    won: m.won,
    win_rate: m.win_rate,
    consults_goal: m.consults_goal,
  }));
  const goal = hasConsultsGoal(months);
  const toCome = months.filter((m) => m.to_come);
  const words = new Map(months.map((m) => [chartMonthLabel(m), m]));
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
        ...(goal
          ? [
              {
                name: 'consults_goal',
                label: 'Consults Goal',
                color: 'indigo.8',
                type: 'line' as const,
                strokeDasharray: '6 4',
              },
            ]
          : []),
      ]}
      // A month with no rate breaks the line: joined across it, the line would claim a rate there.
      connectNulls={false}
      referenceAreas={
        toCome.length > 0
          ? [
              {
                x1: chartMonthLabel(toCome[0]),
                x2: chartMonthLabel(toCome[toCome.length - 1]),
                color: 'gray.6',
                fillOpacity: 0.15,
                strokeOpacity: 0,
                // The last band's end can fall a hair past the axis in floating point, and the
                // default ('discard') would then drop the whole area.
                ifOverflow: 'visible',
              },
            ]
          : []
      }
      valueFormatter={(value) => (value === null || value === undefined ? '—' : String(value))}
      tooltipProps={{
        // The tooltip leaves out a missing rate; its title says why there is none.
        labelFormatter: (label) => {
          const month = typeof label === 'string' ? words.get(label) : undefined;
          return month && month.win_rate === null ? `${label}: ${noRateWords(month)}` : label;
        },
      }}
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
