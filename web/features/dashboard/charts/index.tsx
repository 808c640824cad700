import { Box, Group, Text } from '@mantine/core';
import { lazy } from 'react';
import type { ConsultOverview } from '../../../../common/api/dashboard';
import { partMonthWords } from '../../../../common/data-through';
import { monthLabel } from '../../../../common/months';
import { hasConsultsGoal, type TrendMonth } from '../../../../common/trend-months';
import classes from '../dashboard.module.css';
import { ChartFrame, CHART_HEIGHT as HEIGHT } from './chart-frame';

// recharts is large: the charts load in their own chunk after the tables are on screen.
const LazyWinRate = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.WinRateBarChart })));
const LazyArchValue = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.ArchValueBarChart })),
);
// Its own chunk: the Monthly Trends table shows before the chart code arrives.
const LazyTrend = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendCompositeChart })));

/** `Dec`, or `Feb-Dec` for several months in a row. */
const span = (labels: readonly string[]) =>
  labels.length === 1 ? labels[0] : `${labels[0]}-${labels.at(-1)}`;

/** `Nov*: incomplete month, to 11/01`: the key of the month starred on the axis. */
const incompleteWords = (day: string) =>
  `${monthLabel(day.slice(0, 7))}*: incomplete month, ${partMonthWords(day)}`;

export function WinRateChart({ providers }: { providers: ConsultOverview['providers'] }) {
  return (
    <ChartFrame
      title="Win Rate % by Provider"
      description="Bar chart of win rate by provider. The Consult Overview table has the exact figures."
    >
      <LazyWinRate providers={providers} height={HEIGHT} />
    </ChartFrame>
  );
}

export function ArchValueChart({
  months,
  monthTotals,
}: {
  months: readonly string[];
  monthTotals: Record<string, number>;
}) {
  return (
    <ChartFrame
      title="Arch Case Value by Month"
      description="Bar chart of arch case value by month for the providers shown. The Arch Cases table has the exact figures."
    >
      <LazyArchValue months={months} monthTotals={monthTotals} height={HEIGHT} />
    </ChartFrame>
  );
}

/**
 * The chart of the Monthly Trends, and in words under it which months have not happened yet and
 * which one the data stops part-way through (docs/behaviour.md section 6.6).
 */
export function TrendChart({ months }: { months: readonly TrendMonth[] }) {
  const toCome = months.filter((m) => m.to_come).map((m) => monthLabel(m.month));
  const partial = months.find((m) => m.through !== null)?.through ?? null;
  const empty = months.filter((m) => m.no_data).map((m) => monthLabel(m.month));
  const none = empty.length > 0 ? `No data yet: ${span(empty)}` : '';
  const later = toCome.length > 0 ? ` Shaded months have not happened yet: ${toCome.join(', ')}.` : '';
  const goal = hasConsultsGoal(months) ? ' The consults goal of each month is a dashed line.' : '';
  const incomplete = `${partial ? ` ${incompleteWords(partial)}.` : ''}${none ? ` ${none}.` : ''}`;
  return (
    <ChartFrame
      title="Consults, Won and Win Rate by Month"
      description={`Chart of consults and won per month as bars, with win rate as a line; a month without consults has no win rate.${goal}${incomplete}${later} The Monthly Trends table has the exact figures.`}
      legend={
        (partial || none || toCome.length > 0) && (
          <Group gap="xs" mt={4} justify="flex-end">
            {partial && (
              <Text size="xs" c="dimmed">
                {incompleteWords(partial)}
              </Text>
            )}
            {none && (
              <Text size="xs" c="dimmed">
                {none}
              </Text>
            )}
            {toCome.length > 0 && (
              <Group gap={6}>
                <Box className={classes.toComeSwatch} />
                <Text size="xs" c="dimmed">
                  Not yet happened: {span(toCome)}
                </Text>
              </Group>
            )}
          </Group>
        )
      }
    >
      <LazyTrend months={months} height={HEIGHT} />
    </ChartFrame>
  );
}
