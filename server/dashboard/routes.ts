import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  archCaseDetailsResponse,
  archCasesResponse,
  consultDetailParams,
  consultDetailsResponse,
  consultOverviewResponse,
  dashboardQuery,
  futureCaseDetailsResponse,
  futureCaseValueResponse,
  monthParams,
  pendingFinanceDetailsResponse,
  providersResponse,
} from '../../common/api/dashboard';
import { lastImportResponse } from '../../common/api/imports';
import { recordAudit } from '../audit/service';
import { signedIn } from '../auth/access';
import { actorOf } from '../auth/guard';
import type { Tx } from '../db/client';
import {
  archCaseDetails,
  archCasesByMonth,
  consultDetails,
  consultOverview,
  futureCaseDetails,
  futureCaseValue,
  parseMonthParam,
  pendingFinanceDetails,
  providerList,
  TBD,
  yearOptions,
} from '../domain/figures';
import { currentYear } from '../http/deps';
import { HttpError } from '../http/errors';
import { sendJson } from './cached-json';
import type { DashboardData, DashboardDataSource } from './data';

export function dashboardRoutes(app: FastifyInstance, source: DashboardDataSource, db: Tx): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const query = dashboardQuery;

  /** Sends the answer kept for this request's data version and key, computed on first need. */
  async function answer<S extends z.ZodType>(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: S,
    compute: (data: DashboardData) => z.output<S>,
  ) {
    const snap = await source.get(req.dataVersion);
    return sendJson(req, reply, snap.json(key, schema, compute));
  }

  /** A detail list names patients: each call is audited once, with the list and its filters. */
  const auditList = (req: FastifyRequest, list: string, filters: Record<string, unknown>) =>
    recordAudit(db, actorOf(req), 'details_viewed', { list, ...filters });

  r.get(
    '/api/dashboard/providers',
    { config: signedIn, schema: { tags, response: { 200: providersResponse } } },
    async (req, reply) => {
      return answer(
        req,
        reply,
        `providers:${currentYear()}`,
        providersResponse,
        ({ sheet, appts, otherYears }) => ({
          success: true as const,
          providers: providerList(sheet, appts),
          years: yearOptions(sheet, appts, currentYear(), otherYears),
        }),
      );
    },
  );

  r.get(
    '/api/dashboard/last-import-date',
    { config: signedIn, schema: { tags, response: { 200: lastImportResponse } } },
    async (req, reply) => {
      return answer(req, reply, 'last-import', lastImportResponse, ({ lastImportAt }) => ({
        success: true as const,
        last_import_date: lastImportAt,
      }));
    },
  );

  r.get(
    '/api/dashboard/consult-overview',
    { config: signedIn, schema: { tags, querystring: query, response: { 200: consultOverviewResponse } } },
    async (req, reply) => {
      const year = req.query.year ?? currentYear();
      const key = `co:${year}:${req.query.provider ?? ''}`;
      return answer(req, reply, key, consultOverviewResponse, ({ sheet, appts, ignore }) => ({
        success: true as const,
        year,
        ...consultOverview(sheet, appts, ignore, year, req.query.provider),
      }));
    },
  );

  r.get(
    '/api/dashboard/consult-details/:type',
    {
      config: signedIn,
      schema: {
        tags,
        params: consultDetailParams,
        querystring: query,
        response: { 200: consultDetailsResponse },
      },
    },
    async (req, reply) => {
      const year = req.query.year ?? currentYear();
      const { provider } = req.query;
      const { type } = req.params;
      await auditList(req, 'consult-details', { type, year, provider: provider ?? null });
      return answer(req, reply, `cd:${year}:${type}:${provider ?? ''}`, consultDetailsResponse, (data) => ({
        success: true as const,
        details: consultDetails(data.sheet, data.appts, data.ignore, year, provider, type),
      }));
    },
  );

  r.get(
    '/api/dashboard/arch-cases-by-month',
    { config: signedIn, schema: { tags, querystring: query, response: { 200: archCasesResponse } } },
    async (req, reply) => {
      const year = req.query.year ?? currentYear();
      return answer(
        req,
        reply,
        `ac:${year}:${req.query.provider ?? ''}`,
        archCasesResponse,
        ({ sheet, ignore }) => ({
          success: true as const,
          year,
          ...archCasesByMonth(sheet, ignore, year, req.query.provider),
        }),
      );
    },
  );

  r.get(
    '/api/dashboard/arch-case-details/:month',
    {
      config: signedIn,
      schema: { tags, params: monthParams, querystring: query, response: { 200: archCaseDetailsResponse } },
    },
    async (req, reply) => {
      const month = parseMonthParam(req.params.month, req.query.year ?? currentYear());
      if (!month) throw new HttpError(400, 'month must be YYYY-MM, or 1 to 12 with year');
      const { provider } = req.query;
      await auditList(req, 'arch-case-details', { month, provider: provider ?? null });
      return answer(req, reply, `acd:${month}:${provider ?? ''}`, archCaseDetailsResponse, (data) => ({
        success: true as const,
        ...archCaseDetails(data.sheet, data.ignore, month, provider),
      }));
    },
  );

  r.get(
    '/api/dashboard/future-case-value',
    { config: signedIn, schema: { tags, querystring: query, response: { 200: futureCaseValueResponse } } },
    async (req, reply) => {
      return answer(
        req,
        reply,
        `fv:${req.query.provider ?? ''}`,
        futureCaseValueResponse,
        ({ sheet, appts }) => ({
          success: true as const,
          ...futureCaseValue(sheet, appts, req.query.provider),
        }),
      );
    },
  );

  r.get(
    '/api/dashboard/future-case-details/:month',
    {
      config: signedIn,
      schema: { tags, params: monthParams, querystring: query, response: { 200: futureCaseDetailsResponse } },
    },
    async (req, reply) => {
      const raw = req.params.month.trim();
      const month = raw.toUpperCase() === TBD ? TBD : parseMonthParam(raw);
      if (!month) throw new HttpError(400, 'month must be YYYY-MM or TBD');
      const { provider } = req.query;
      await auditList(req, 'future-case-details', { month, provider: provider ?? null });
      return answer(req, reply, `fd:${month}:${provider ?? ''}`, futureCaseDetailsResponse, (data) => ({
        success: true as const,
        ...futureCaseDetails(data.appts, month, provider),
      }));
    },
  );

  r.get(
    '/api/dashboard/pending-finance-details',
    {
      config: signedIn,
      schema: { tags, querystring: query, response: { 200: pendingFinanceDetailsResponse } },
    },
    async (req, reply) => {
      const { provider } = req.query;
      await auditList(req, 'pending-finance-details', { provider: provider ?? null });
      return answer(req, reply, `pf:${provider ?? ''}`, pendingFinanceDetailsResponse, (data) => ({
        success: true as const,
        ...pendingFinanceDetails(data.sheet, provider),
      }));
    },
  );
}
