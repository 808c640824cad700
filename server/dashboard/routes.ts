import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '../../common/api/dashboard';
import { goalsApi } from '../../common/api/goals';
import { marketingApi } from '../../common/api/marketing';
import { worklistApi } from '../../common/api/worklist';
import { dataThrough } from '../../common/data-through';
import type { PatientRefs } from '../caller/patient-refs';
import type { Tx } from '../db/client';
import {
  archCaseDetails,
  consultDetails,
  futureCaseDetails,
  locationList,
  matchesProvider,
  pendingFinanceDetails,
  providerList,
  yearOptions,
} from '../domain/figures';
import { currentYear, today } from '../platform/clock';
import { worklistFor } from '../worklist';
import {
  archCasesAnswer,
  futureAnswer,
  goalsAnswer,
  marketingAnswer,
  overviewAnswer,
  pipelineAnswer,
  summaryAnswer,
  trendsAnswer,
} from './answers';
import type { DashboardDataSource } from './data';
import { archPeriod, futurePeriod } from './detail-periods';
import { filtersAsked } from './filters-asked';
import { panel, type Register } from './panel';
import { worklistAsked } from './worklist-asked';

/** The figures take no provider as every provider. */
const orEvery = (provider: string | null) => provider ?? undefined;

type PanelRequest = Parameters<typeof filtersAsked>[0];
/**
 * What a panel over one year depends on: the year, provider and location (filtersAsked). They are
 * the answer's cache key too: a held provider never meets an answer computed for anyone else.
 */
const yearFilters = (req: PanelRequest) => {
  const { year, provider, location } = filtersAsked(req);
  return { year, provider, location };
};
/**
 * The day a year's figures are worked on: today for this year (and the years after it, whose
 * months are all to come); for a past year any day after it gives the same answer, so its first
 * day of the next year stands in and its cached answer is kept from one day to the next.
 */
const dayFor = (year: number) => {
  const day = today();
  return year < Number(day.slice(0, 4)) ? `${year + 1}-01-01` : day;
};
/** What a panel that takes no year depends on. */
const placeFilters = (req: PanelRequest) => {
  const { provider, location } = filtersAsked(req);
  return { provider, location };
};

/** Every dashboard endpoint (docs/behaviour.md sections 6, 11 and 13) and the worklist (section 12). */
const PANELS: Register[] = [
  panel({
    endpoint: dashboardApi.providers,
    // The Year select runs to this year, so the answer changes with it. A held provider's list
    // holds only theirs; the years stay those of all the data.
    filters: (req) => ({ thisYear: currentYear(), location: filtersAsked(req).location, heldTo: req.heldTo }),
    compute: ({ sheet, appts, otherYears }, { thisYear, heldTo }) => ({
      success: true as const,
      providers: providerList(sheet, appts).filter((p) => matchesProvider(heldTo, p)),
      years: yearOptions(sheet, appts, thisYear, otherYears),
    }),
  }),
  panel({
    endpoint: dashboardApi.locations,
    filters: () => ({}),
    compute: ({ sheet, appts }) => ({ success: true as const, locations: locationList(sheet, appts) }),
  }),
  panel({
    endpoint: dashboardApi.lastImportDate,
    // The data runs to today at the latest, so the answer can change with the day.
    filters: () => ({ location: null, today: today() }),
    compute: ({ lastImportAt, latestProcedure }, { today: day }) => ({
      success: true as const,
      last_import_date: lastImportAt,
      data_through: dataThrough(latestProcedure, day),
    }),
  }),
  panel({
    endpoint: dashboardApi.consultOverview,
    filters: yearFilters,
    compute: (data, { year, provider }) => overviewAnswer(data, year, provider),
  }),
  panel({
    endpoint: dashboardApi.consultDetails,
    audit: 'details_viewed',
    rows: 'details',
    filters: (req) => ({ type: req.params.type, ...yearFilters(req) }),
    compute: ({ sheet, appts, ignore }, { type, year, provider }) => ({
      success: true as const,
      details: consultDetails(sheet, appts, ignore, year, orEvery(provider), type),
    }),
  }),
  panel({
    endpoint: dashboardApi.archCases,
    filters: yearFilters,
    compute: (data, { year, provider }) => archCasesAnswer(data, year, provider),
  }),
  panel({
    endpoint: dashboardApi.archCaseDetails,
    audit: 'details_viewed',
    rows: 'patients',
    filters: (req) => {
      const { year, provider, location } = filtersAsked(req);
      return { month: archPeriod(req.params.month, year), provider, location };
    },
    compute: ({ sheet, ignore }, { month, provider }) => ({
      success: true as const,
      ...archCaseDetails(sheet, ignore, month, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.futureCaseValue,
    // Future figures do not depend on the year.
    filters: placeFilters,
    compute: (data, { provider }) => futureAnswer(data, provider),
  }),
  panel({
    endpoint: dashboardApi.futureCaseDetails,
    audit: 'details_viewed',
    rows: 'treatments',
    filters: (req) => ({ month: futurePeriod(req.params.month), ...placeFilters(req) }),
    compute: ({ appts }, { month, provider }) => ({
      success: true as const,
      ...futureCaseDetails(appts, month, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.pendingFinanceDetails,
    audit: 'details_viewed',
    rows: 'cases',
    filters: placeFilters,
    compute: ({ sheet }, { provider }) => ({
      success: true as const,
      ...pendingFinanceDetails(sheet, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.summary,
    // A year is set beside the year before through the day the data runs to, today at the
    // latest, and the answer says that day: it can change daily, whatever the year.
    filters: (req) => ({ ...yearFilters(req), today: today() }),
    compute: (data, { year, provider, today: day }) => summaryAnswer(data, year, provider, day),
  }),
  panel({
    endpoint: dashboardApi.pipeline,
    filters: yearFilters,
    compute: (data, { year, provider }) => pipelineAnswer(data, year, provider),
  }),
  panel({
    endpoint: dashboardApi.trends,
    // Which months are still to come, and the day the data runs to (today at the latest), change
    // with the day: the key carries today, whatever the year.
    filters: (req) => ({ ...yearFilters(req), today: today() }),
    // Goals cover every location: with one chosen the chart draws no goal line (section 16).
    compute: (data, { year, provider, location, today: day }) =>
      trendsAnswer(data, year, provider, location, day),
  }),
  panel({
    endpoint: goalsApi.progress,
    // Goals cover every location: the data is never narrowed to one, whatever the query says.
    filters: (req) => {
      const { year, provider, asOf } = filtersAsked(req, dayFor);
      return { year, provider, asOf, location: null };
    },
    compute: (data, { year, provider, asOf }) => goalsAnswer(data, year, provider, asOf),
  }),
  panel({
    endpoint: marketingApi.returnBySource,
    // The leads of a location are found through the whole group's scoresheet (a lead with no office
    // of its own counts at its patient's), so the data is not narrowed first: `at` is the location.
    filters: (req) => {
      const { year, location, asOf } = filtersAsked(req, dayFor);
      return { year, asOf, at: location, location: null };
    },
    compute: (whole, { year, asOf, at }) => marketingAnswer(whole, year, at, asOf),
  }),
  panel({
    endpoint: worklistApi.list,
    audit: 'worklist_viewed',
    caseWork: true,
    narrowsItself: true,
    filters: async (req, db) => ({ ...(await worklistAsked(req, db)), limit: req.query.limit ?? null }),
    compute: (data, filters, activities, refs) => {
      const { counts, patients } = worklistFor(data, filters, activities);
      return {
        success: true as const,
        as_of: filters.asOf,
        thresholds: data.thresholds,
        counts,
        total: patients.length,
        // A page is what a screen shows; a large group's whole list runs to megabytes.
        patients: (filters.limit === null ? patients : patients.slice(0, filters.limit)).map(
          ({ patient_key, ...row }) => ({ ...row, patient_id: refs.idOf(patient_key) }),
        ),
      };
    },
  }),
];

export function dashboardRoutes(
  app: FastifyInstance,
  source: DashboardDataSource,
  db: Tx,
  refs: PatientRefs,
): void {
  for (const register of PANELS) register(app, source, db, refs);
}
