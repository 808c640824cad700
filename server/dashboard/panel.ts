import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../common/api/endpoint';
import { recordAudit } from '../audit/service';
import { actorOf } from '../caller/actor';
import type { PatientRefs } from '../caller/patient-refs';
import type { Tx } from '../db/client';
import { atLocation, type LocationFilter } from '../domain/figures';
import type { ActivitiesByPatient } from '../domain/worklist';
import { type RouteRequest, route } from '../http/route';
import { sendJson } from './cached-json';
import type { DashboardData, DashboardDataSource } from './data';
import { type PageAsked, pageAsked, pageOf, type RowsField } from './paging';
import { recentViews } from './recent-views';

export type JsonEndpoint = Endpoint & { response: z.ZodType };
/** What a panel's answer depends on besides the data; a location narrows the data first. */
type Filters = { location?: LocationFilter };

/**
 * One dashboard answer. `filters` reduces the request to what the figures depend on (the year
 * resolved, the month parsed); the endpoint's path and those filters are the answer's cache key
 * within a data version, so two spellings of one request share it and a cache-busting parameter
 * does not multiply it.
 */
export interface Panel<E extends JsonEndpoint, F extends Filters> {
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
  /**
   * `compute` narrows the data to the filters' `location` itself (the worklist: a new lead is at
   * its lead's office); otherwise `data` is already narrowed, when they have one.
   */
  narrowsItself?: boolean;
  /** `data` is already narrowed to the filters' `location`, unless `narrowsItself`. */
  /** `refs` gives a listed patient's id for addresses. */
  compute: (
    data: DashboardData,
    filters: F,
    activities: ActivitiesByPatient,
    refs: PatientRefs,
  ) => z.output<E['response']>;
}

/**
 * How long a list's audit row covers the turning of its pages: within it, the same user's later
 * pages of the same list (same filters, same data) add no row of their own.
 */
const PAGE_TURNS_AUDITED_ONCE_MS = 30 * 60 * 1000;

export type Register = (app: FastifyInstance, source: DashboardDataSource, db: Tx, refs: PatientRefs) => void;

export const panel =
  <E extends JsonEndpoint, F extends Filters>(p: Panel<E, F>): Register =>
  (app, source, db, refs) => {
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
        p.compute(
          p.narrowsItself ? data : atLocation(data, filters.location ?? null),
          filters,
          activities,
          refs,
        );
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
