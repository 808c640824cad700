/** The dashboard workbook's Goals sheet (docs/behaviour.md sections 9 and 16). */
import type ExcelJS from 'exceljs';
import {
  GOAL_METRIC_NAMES,
  GOAL_METRICS,
  GOALS_EVERY_LOCATION,
  type GoalFigure,
  type GoalMetric,
} from '../../common/api/goals';
import { noGoalsText } from '../../common/goal-words';
import type { GoalProgress } from '../domain/figures/goals';
import {
  BOLD,
  CURRENCY_FORMAT,
  fitWidth,
  frameSheet,
  monthLabel,
  RATE_FORMAT,
  styleHeader,
  writeTitle,
} from './cells';

const TOTALS = 'All providers with a goal';

/**
 * The goals to date: the totals first, then each provider's three goals. With a location chosen
 * (`goals` null) or no goal in the year, one line says why there are none.
 */
export function goalsSheet(
  ws: ExcelJS.Worksheet,
  title: string,
  at: Date,
  year: number,
  goals: GoalProgress | null,
): void {
  const headerRow = writeTitle(ws, title, at);
  if (goals === null || goals.providers.length === 0) {
    ws.getCell(headerRow, 1).value = goals === null ? GOALS_EVERY_LOCATION : noGoalsText(year, null);
    ws.getColumn(1).width = 70;
    // Printed as every other sheet is: landscape, one page wide, its titles on each page.
    frameSheet(ws, headerRow);
    return;
  }
  ws.getCell(3, 1).value =
    goals.through === null
      ? `${year} has not begun: nothing is counted yet.`
      : `Through ${monthLabel(goals.through)}`;
  const header = ws.getRow(headerRow);
  header.values = ['Provider', 'Metric', 'Goal to Date', 'Actual', 'Percent %'];
  styleHeader(header);
  const addRows = (provider: string, figures: Record<GoalMetric, GoalFigure>, bold = false) => {
    for (const metric of GOAL_METRICS) {
      const f = figures[metric];
      const row = ws.addRow([
        provider,
        GOAL_METRIC_NAMES[metric],
        f.goal ?? 'No goal',
        f.actual,
        f.percent ?? 'n/a',
      ]);
      if (metric === 'arch_value') {
        row.getCell(3).numFmt = CURRENCY_FORMAT;
        row.getCell(4).numFmt = CURRENCY_FORMAT;
      }
      row.getCell(5).numFmt = RATE_FORMAT;
      if (bold) row.font = BOLD;
    }
  };
  addRows(TOTALS, goals.totals, true);
  for (const p of goals.providers) addRows(p.provider, p);
  ws.getColumn(1).width = fitWidth(
    goals.providers.map((p) => p.provider),
    TOTALS.length + 2,
  );
  ws.getColumn(2).width = 14;
  for (const c of [3, 4]) ws.getColumn(c).width = 16;
  ws.getColumn(5).width = 12;
  frameSheet(ws, headerRow);
}
