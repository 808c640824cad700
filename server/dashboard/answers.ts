/**
 * The dashboard's answers, worked out one way for its panels, the dashboard workbook and the PDF
 * report (docs/behaviour.md sections 6, 9, 13 and 16), so the three can never disagree.
 */

import { dataThrough } from '../../common/data-through';
import {
  archCasesByMonth,
  atLocation,
  consultOverview,
  futureCaseValue,
  type LocationFilter,
  marketingReturn,
  pipeline,
  summary,
  trends,
} from '../domain/figures';
import { consultsGoalLine, goalProgress } from '../domain/figures/goals';
import { goalsOfYear } from '../goals';
import type { DashboardData } from './data';

/** The provider asked for (null for every one) over one location's data or all of it. */
type Provider = string | null;

export const overviewAnswer = (
  { sheet, appts, ignore }: DashboardData,
  year: number,
  provider: Provider,
) => ({
  success: true as const,
  year,
  ...consultOverview(sheet, appts, ignore, year, provider),
});

export const archCasesAnswer = ({ sheet, ignore }: DashboardData, year: number, provider: Provider) => ({
  success: true as const,
  year,
  ...archCasesByMonth(sheet, ignore, year, provider),
});

/** Future figures do not depend on the year. */
export const futureAnswer = ({ sheet, appts }: DashboardData, provider: Provider) => ({
  success: true as const,
  ...futureCaseValue(sheet, appts, provider),
});

/**
 * The headline figures as of `day` (today, or a report's day), set beside the year before through
 * the day the data runs to: the same days on both sides, however far behind the data is
 * (docs/behaviour.md section 6.6).
 */
export const summaryAnswer = (
  { sheet, appts, ignore, latestProcedure }: DashboardData,
  year: number,
  provider: Provider,
  day: string,
) => {
  const through = dataThrough(latestProcedure, day);
  return {
    success: true as const,
    ...summary(sheet, appts, ignore, year, provider, through ?? day),
    data_through: through,
  };
};

export const pipelineAnswer = ({ sheet, ignore }: DashboardData, year: number, provider: Provider) => ({
  success: true as const,
  year,
  ...pipeline(sheet, ignore, year, provider),
});

/**
 * The Monthly Trends as of `day` (which months are still to come, and how far the data runs: its
 * month is marked incomplete), with the consults goal line; goals cover every location, so with
 * one chosen there is no goal line (section 16).
 */
export const trendsAnswer = (
  data: DashboardData,
  year: number,
  provider: Provider,
  location: LocationFilter,
  day: string,
) => ({
  success: true as const,
  year,
  ...trends(data.sheet, data.ignore, year, provider, day),
  data_through: dataThrough(data.latestProcedure, day),
  consults_goal: location === null ? consultsGoalLine(goalsOfYear(data.goals, year), provider) : null,
});

/** Each provider's goals counted through the month of `asOf`, over every location's data. */
export const goalsAnswer = (whole: DashboardData, year: number, provider: Provider, asOf: string) => ({
  success: true as const,
  year,
  ...goalProgress(goalsOfYear(whole.goals, year), year, asOf, provider, (name) =>
    trends(whole.sheet, whole.ignore, year, name, asOf),
  ),
});

/**
 * The return by source (section 19) of the year through the month of `asOf`, over the whole
 * group's data: the location is applied by its own rules (a lead at its office, else its patient's).
 */
export const marketingAnswer = (
  whole: DashboardData,
  year: number,
  location: LocationFilter,
  asOf: string,
) => ({
  success: true as const,
  ...marketingReturn(whole, { year, asOf, location }),
});

export interface AnswersAsked {
  year: number;
  provider: Provider;
  location: LocationFilter;
  /** The day the figures are as of: which months are to come, how far the goals are counted. */
  asOf: string;
}

/**
 * The panels the dashboard workbook and the PDF report both show, over the data narrowed to the
 * location; the goals over every location, and null with one chosen (they cover every location).
 */
export function dashboardAnswers(whole: DashboardData, { year, provider, location, asOf }: AnswersAsked) {
  const data = atLocation(whole, location);
  return {
    overview: overviewAnswer(data, year, provider),
    archCases: archCasesAnswer(data, year, provider),
    future: futureAnswer(data, provider),
    pipeline: pipelineAnswer(data, year, provider),
    trends: trendsAnswer(data, year, provider, location, asOf),
    goals: location === null ? goalsAnswer(whole, year, provider, asOf) : null,
  };
}
