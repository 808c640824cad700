import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { HttpError } from '../http/errors';
import type { DashboardDataSource } from './data';

export const currentYear = () => new Date().getFullYear();

export function dashboardRoutes(app: FastifyInstance, source: DashboardDataSource): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const query = dashboardQuery;

  r.get('/api/dashboard/providers', { schema: { tags, response: { 200: providersResponse } } }, async () => {
    const snap = await source.get();
    return snap.memo(`providers:${currentYear()}`, ({ sheet, appts }) => ({
      success: true as const,
      providers: providerList(sheet, appts),
      years: yearOptions(sheet, appts, currentYear()),
    }));
  });

  r.get(
    '/api/dashboard/consult-overview',
    { schema: { tags, querystring: query, response: { 200: consultOverviewResponse } } },
    async (req) => {
      const year = req.query.year ?? currentYear();
      const snap = await source.get();
      return snap.memo(`co:${year}:${req.query.provider ?? ''}`, ({ sheet, appts, ignore }) => ({
        success: true as const,
        year,
        ...consultOverview(sheet, appts, ignore, year, req.query.provider),
      }));
    },
  );

  r.get(
    '/api/dashboard/consult-details/:type',
    {
      schema: {
        tags,
        params: consultDetailParams,
        querystring: query,
        response: { 200: consultDetailsResponse },
      },
    },
    async (req) => {
      const { data } = await source.get();
      const year = req.query.year ?? currentYear();
      const details = consultDetails(
        data.sheet,
        data.appts,
        data.ignore,
        year,
        req.query.provider,
        req.params.type,
      );
      return { success: true as const, details };
    },
  );

  r.get(
    '/api/dashboard/arch-cases-by-month',
    { schema: { tags, querystring: query, response: { 200: archCasesResponse } } },
    async (req) => {
      const year = req.query.year ?? currentYear();
      const snap = await source.get();
      return snap.memo(`ac:${year}:${req.query.provider ?? ''}`, ({ sheet, ignore }) => ({
        success: true as const,
        year,
        ...archCasesByMonth(sheet, ignore, year, req.query.provider),
      }));
    },
  );

  r.get(
    '/api/dashboard/arch-case-details/:month',
    { schema: { tags, params: monthParams, querystring: query, response: { 200: archCaseDetailsResponse } } },
    async (req) => {
      const month = parseMonthParam(req.params.month, req.query.year ?? currentYear());
      if (!month) throw new HttpError(400, 'month must be YYYY-MM, or 1 to 12 with year');
      const { data } = await source.get();
      return {
        success: true as const,
        ...archCaseDetails(data.sheet, data.ignore, month, req.query.provider),
      };
    },
  );

  r.get(
    '/api/dashboard/future-case-value',
    { schema: { tags, querystring: query, response: { 200: futureCaseValueResponse } } },
    async (req) => {
      const snap = await source.get();
      return snap.memo(`fv:${req.query.provider ?? ''}`, ({ sheet, appts }) => ({
        success: true as const,
        ...futureCaseValue(sheet, appts, req.query.provider),
      }));
    },
  );

  r.get(
    '/api/dashboard/future-case-details/:month',
    {
      schema: { tags, params: monthParams, querystring: query, response: { 200: futureCaseDetailsResponse } },
    },
    async (req) => {
      const raw = req.params.month.trim();
      const month = raw.toUpperCase() === TBD ? TBD : parseMonthParam(raw);
      if (!month) throw new HttpError(400, 'month must be YYYY-MM or TBD');
      const { data } = await source.get();
      return { success: true as const, ...futureCaseDetails(data.appts, month, req.query.provider) };
    },
  );

  r.get(
    '/api/dashboard/pending-finance-details',
    { schema: { tags, querystring: query, response: { 200: pendingFinanceDetailsResponse } } },
    async (req) => {
      const { data } = await source.get();
      return { success: true as const, ...pendingFinanceDetails(data.sheet, req.query.provider) };
    },
  );
}
