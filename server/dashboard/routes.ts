import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { dashboardApi } from '../../common/api/dashboard';
import type { Endpoint } from '../../common/api/endpoint';
import { worklistApi } from '../../common/api/worklist';
import { recordAudit } from '../audit/service';
import { actorOf, currentUser, providerAsked } from '../auth/guard';
import type { Tx } from '../db/client';
import {
  archCaseDetails,
  archCasesByMonth,
  atLocation,
  consultDetails,
  consultOverview,
  futureCaseDetails,
  futureCaseValue,
  type LocationFilter,
  locationFilter,
  locationList,
  matchesProvider,
  pendingFinanceDetails,
  pipeline,
  providerFilter,
  providerList,
  summary,
  trends,
  yearOptions,
} from '../domain/figures';
import { type ActivitiesByPatient, worklist } from '../domain/worklist';
import { currentYear, today } from '../http/deps';
import { type RouteRequest, route } from '../http/route';
import { assigneeAsked, assigneeFilter } from '../worklist/assignee';
import { sendJson } from './cached-json';
import type { DashboardData, DashboardDataSource } from './data';
import { archPeriod, futurePeriod } from './detail-periods';
import { type PageAsked, pageAsked, pageOf, type RowsField } from './paging';
import { recentViews } from './recent-views';

type JsonEndpoint = Endpoint & { response: z.ZodType };
/** What a panel's answer depends on besides the data; a location narrows the data first. */
type Filters = { location?: LocationFilter };

/**
 * One dashboard answer. `filters` reduces the request to what the figures depend on (the year
 * resolved, the month parsed); the endpoint's path and those filters are the answer's cache key
 * within a data version, so two spellings of one request share it and a cache-busting parameter
 * does not multiply it.
 */
interface Panel<E extends JsonEndpoint, F extends Filters> {
  endpoint: E;
  filters: (req: RouteRequest<E>, db: Tx) => F | Promise<F>;
  /**
   * A list of patients is a view of patient data: each call writes one audit row with this action,
   * the list's name and the filters.
   */
  audit?: 'details_viewed' | 'worklist_viewed';
  /**
   * A detail list: the answer's field holding its rows, which `page` and `page_size` in the query
   * cut to one page (docs/behaviour.md section 6.5).
   */
  rows?: RowsField<z.output<E['response']>>;
  /**
   * The answer reads case work (docs/behaviour.md section 15): it is keyed by the case work
   * version too, and `compute` is given every patient's activities.
   */
  caseWork?: boolean;
  /** `data` is already narrowed to the filters' `location`, when they have one. */
  compute: (data: DashboardData, filters: F, activities: ActivitiesByPatient) => z.output<E['response']>;
}

/**
 * How long a list's audit row covers the turning of its pages: within it, the same user's later
 * pages of the same list (same filters, same data) add no row of their own.
 */
const PAGE_TURNS_AUDITED_ONCE_MS = 30 * 60 * 1000;

type Register = (app: FastifyInstance, source: DashboardDataSource, db: Tx) => void;

const panel =
  <E extends JsonEndpoint, F extends Filters>(p: Panel<E, F>): Register =>
  (app, source, db) => {
    const audited = recentViews({ ttlMs: PAGE_TURNS_AUDITED_ONCE_MS, max: 10_000 });
    route(app, p.endpoint, async (req, reply) => {
      const filters = await p.filters(req, db);
      const key = `${p.endpoint.path}?${JSON.stringify(filters)}${p.caseWork ? `#work=${req.activityVersion}` : ''}`;
      const activities = p.caseWork ? await source.caseWork(req.activityVersion) : NO_ACTIVITIES;
      // Only a list declares `rows`, and its endpoint's query is `detailQuery`.
      const asked = p.rows ? pageAsked(req.query as { page?: number; page_size?: number }) : null;
      if (p.audit) {
        const actor = actorOf(req);
        const seen = `${req.dataVersion} ${actor.id} ${key}`;
        // The whole list and a list's first page are audited every time, as opening it; a later
        // page only when that user's list was not audited lately (a page turn is not a new view).
        const turn = asked !== null && asked.page > 1;
        if (!turn || !audited.has(seen)) {
          // The list's name is the path's last fixed segment: 'consult-details', 'worklist', ...
          const list = p.endpoint.path
            .split('/')
            .filter((part) => part && !part.startsWith(':'))
            .pop();
          await recordAudit(db, actor, p.audit, { list, ...filters, ...(turn ? { page: asked.page } : {}) });
          audited.note(seen);
        }
      }
      const snap = await source.get(req.dataVersion);
      const whole = (data: DashboardData) =>
        p.compute(atLocation(data, filters.location ?? null), filters, activities);
      if (!p.rows || asked === null) return sendJson(req, reply, snap.json(key, p.endpoint.response, whole));
      const field = p.rows;
      // A page is cut from the whole list, computed once per data version and filters and kept;
      // each page's JSON is kept too, so turning back to a page costs a copy.
      const page = (data: DashboardData) =>
        pageOf(
          snap.value(
            key,
            () => whole(data),
            (list) => (list[field] as unknown[]).length,
          ),
          field,
          asked,
        );
      return sendJson(req, reply, snap.json(pageKey(key, asked), p.endpoint.response, page));
    });
  };

const NO_ACTIVITIES: ActivitiesByPatient = new Map();

const pageKey = (key: string, { page, size }: PageAsked) => `${key}#page=${page}&size=${size}`;

const yearOf = (query: { year?: number }) => query.year ?? currentYear();
/**
 * The one place a panel's provider is read from the request: a provider held to their own gets
 * theirs whatever the query says (docs/behaviour.md section 14). It is part of the filters, so of
 * the cache key too: a held provider never meets an answer computed for anyone else.
 */
const providerOf = (req: { query: { provider?: string } } & FastifyRequest) =>
  providerAsked(req, req.query.provider) ?? null;
/** Every dashboard answer is narrowed to the query's location first (docs/behaviour.md section 11). */
const locationOf = (query: { location?: string }): LocationFilter => locationFilter(query.location);
/** The figures take no provider as every provider. */
const orEvery = (provider: string | null) => provider ?? undefined;

type PanelRequest = FastifyRequest & { query: { year?: number; provider?: string; location?: string } };
/** What a panel over one year depends on: the year (this one when absent), provider and location. */
const yearFilters = (req: PanelRequest) => ({
  year: yearOf(req.query),
  provider: providerOf(req),
  location: locationOf(req.query),
});
/** What a panel that takes no year depends on. */
const placeFilters = (req: PanelRequest) => ({
  provider: providerOf(req),
  location: locationOf(req.query),
});

/** Every dashboard endpoint (docs/behaviour.md sections 6, 11 and 13) and the worklist (section 12). */
const PANELS: Register[] = [
  panel({
    endpoint: dashboardApi.providers,
    // The Year select runs to this year, so the answer changes with it. A held provider's list
    // holds only theirs; the years stay those of all the data.
    filters: (req) => ({ thisYear: currentYear(), location: locationOf(req.query), heldTo: req.heldTo }),
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
    filters: () => ({}),
    compute: ({ lastImportAt }) => ({ success: true as const, last_import_date: lastImportAt }),
  }),
  panel({
    endpoint: dashboardApi.consultOverview,
    filters: yearFilters,
    compute: ({ sheet, appts, ignore }, { year, provider }) => ({
      success: true as const,
      year,
      ...consultOverview(sheet, appts, ignore, year, orEvery(provider)),
    }),
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
    compute: ({ sheet, ignore }, { year, provider }) => ({
      success: true as const,
      year,
      ...archCasesByMonth(sheet, ignore, year, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.archCaseDetails,
    audit: 'details_viewed',
    rows: 'patients',
    filters: (req) => ({
      month: archPeriod(req.params.month, yearOf(req.query)),
      provider: providerOf(req),
      location: locationOf(req.query),
    }),
    compute: ({ sheet, ignore }, { month, provider }) => ({
      success: true as const,
      ...archCaseDetails(sheet, ignore, month, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.futureCaseValue,
    // Future figures do not depend on the year.
    filters: placeFilters,
    compute: ({ sheet, appts }, { provider }) => ({
      success: true as const,
      ...futureCaseValue(sheet, appts, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.futureCaseDetails,
    audit: 'details_viewed',
    rows: 'treatments',
    filters: (req) => ({
      month: futurePeriod(req.params.month),
      provider: providerOf(req),
      location: locationOf(req.query),
    }),
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
    filters: yearFilters,
    compute: ({ sheet, appts, ignore }, { year, provider }) => ({
      success: true as const,
      ...summary(sheet, appts, ignore, year, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.pipeline,
    filters: yearFilters,
    compute: ({ sheet, ignore }, { year, provider }) => ({
      success: true as const,
      year,
      ...pipeline(sheet, ignore, year, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: dashboardApi.trends,
    filters: yearFilters,
    compute: ({ sheet, ignore }, { year, provider }) => ({
      success: true as const,
      year,
      ...trends(sheet, ignore, year, orEvery(provider)),
    }),
  }),
  panel({
    endpoint: worklistApi.list,
    audit: 'worklist_viewed',
    caseWork: true,
    filters: async (req, db) => ({
      stage: req.query.stage ?? null,
      provider: providerOf(req),
      location: locationOf(req.query),
      asOf: req.query.as_of ?? today(),
      includeScheduled: req.query.include_scheduled,
      includeSnoozed: req.query.include_snoozed,
      assignedTo: await assigneeAsked(db, req.query.assigned_to, currentUser(req).username),
      sort: req.query.sort,
      limit: req.query.limit ?? null,
    }),
    compute: ({ sheet, appts, thresholds, phones }, filters, activities) => {
      const { counts, patients } = worklist(
        sheet,
        appts,
        thresholds,
        {
          ...filters,
          provider: providerFilter(filters.provider),
          assignedTo: assigneeFilter(filters.assignedTo),
        },
        activities,
        phones,
      );
      return {
        success: true as const,
        as_of: filters.asOf,
        thresholds,
        counts,
        total: patients.length,
        // A page is what a screen shows; a large group's whole list runs to megabytes.
        patients: filters.limit === null ? patients : patients.slice(0, filters.limit),
      };
    },
  }),
];

export function dashboardRoutes(app: FastifyInstance, source: DashboardDataSource, db: Tx): void {
  for (const register of PANELS) register(app, source, db);
}
