import type { GoalFigure, GoalMetric, GoalProgressResponse } from '../../../common/api/goals';
import {
  GOAL_ROWS,
  GOAL_STATUS_KEY,
  GOAL_STATUS_WORDS,
  GOALS_EVERY_LOCATION,
  type GoalStatus,
  goalGroups,
  goalStatus,
  nothingCountedText,
  TOTALS_NOTE,
  throughText,
} from '../../../common/goal-words';
import { formatThousands, formatWinRate, ROUNDING_NOTE } from './format';
import type { ReportSection, Rgb } from './report-model';

/** An amount as the report writes it: counts as they are, dollars in thousands. */
const amount = (metric: GoalMetric, value: number) =>
  metric === 'arch_value' ? formatThousands(value) : value.toLocaleString('en-US');

/** The percent cell's ink: the panel's green, amber and red, dark enough to read on paper. */
const TONES: Partial<Record<GoalStatus, Rgb>> = {
  met: [43, 138, 62],
  close: [176, 112, 0],
  behind: [201, 42, 42],
};

/** `108.3% Met`; without a percent, the word alone (`No goal`, `Nothing due yet`). */
function percentCell(figure: GoalFigure): string {
  const word = GOAL_STATUS_WORDS[goalStatus(figure)];
  return figure.percent === null ? word : `${formatWinRate(figure.percent)} ${word}`;
}

type Figures = ReturnType<typeof goalGroups>[number]['figures'];

/**
 * The Dashboard's Goals panel as a report section (docs/behaviour.md section 16): a row per
 * provider with each metric's goal to date, actual, and percent with its word, and the totals in
 * the foot. With a location chosen, or a year not begun, one line says why; a year without goals
 * has no section (a practice that sets none is not told so on every report).
 */
export function goalsSection(
  goals: GoalProgressResponse | null,
  filters: { year: number; narrowed: boolean },
  name: (text: string) => string,
): ReportSection | null {
  const head = ['Provider Name', ...GOAL_ROWS.flatMap(() => ['Goal', 'Actual', '% of Goal'])];
  const headGroups = [{ label: '', span: 1 }, ...GOAL_ROWS.map(({ label }) => ({ label, span: 3 }))];
  // The goals open the report on a row of their own, as the panel does the Dashboard.
  const none = (empty: string): ReportSection => ({
    title: 'Goals',
    ownRow: true,
    head,
    body: [],
    foot: [],
    empty,
  });
  if (filters.narrowed) return none(GOALS_EVERY_LOCATION);
  if (!goals || goals.providers.length === 0) return null;
  if (goals.through === null) return none(nothingCountedText(filters.year));

  // A total without a goal counts no provider: its actual is left blank, not a 0 of nothing.
  const row = (label: string, figures: Figures, total: boolean) => [
    name(label),
    ...GOAL_ROWS.flatMap(({ metric }) => {
      const figure = figures[metric];
      return [
        figure.goal === null ? '' : amount(metric, figure.goal),
        total && figure.goal === null ? '' : amount(metric, figure.actual),
        percentCell(figure),
      ];
    }),
  ];
  // The percent cells are coloured as the panel's bars: the third of each metric's columns.
  const tones = (figures: Figures) => [
    null,
    ...GOAL_ROWS.flatMap(({ metric }) => [null, null, TONES[goalStatus(figures[metric])] ?? null]),
  ];
  const groups = goalGroups(goals);
  const providers = groups.filter((g) => !g.total);
  const totals = groups.filter((g) => g.total);
  return {
    title: 'Goals',
    ownRow: true,
    note: `${throughText(goals.through)}, at every location. ${GOAL_STATUS_KEY}${totals.length > 0 ? ` ${TOTALS_NOTE}` : ''} ${ROUNDING_NOTE}`,
    head,
    headGroups,
    body: providers.map((g) => row(g.name, g.figures, false)),
    foot: totals.map((g) => row(g.name, g.figures, true)),
    tones: { body: providers.map((g) => tones(g.figures)), foot: totals.map((g) => tones(g.figures)) },
    empty: '',
  };
}
