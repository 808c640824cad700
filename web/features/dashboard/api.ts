import { keepPreviousData, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  DETAIL_PAGE_SIZE,
  type DetailPaging,
  dashboardApi,
  detailExportFile,
  exportsApi,
} from '../../../common/api/dashboard';
import { goalsApi } from '../../../common/api/goals';
import { call, download } from '../../lib/api';
import type { DetailRequest } from './detail-request';
import { type Filters, filterQuery, locationParam, providerParam } from './filters';

// Everything under one key, so an import elsewhere can drop every dashboard figure at once.
export const dashboardKey = ['dashboard'] as const;

/** The providers (and years) to offer; with a location, that location's providers (docs/behaviour.md section 11). */
export const providersQuery = (location: string) =>
  queryOptions({
    queryKey: [...dashboardKey, 'providers', locationParam(location)],
    queryFn: ({ signal }) => call(dashboardApi.providers, { query: filterQuery({ location }), signal }),
    // The selects keep their options while another location's list loads, rather than flicker.
    placeholderData: keepPreviousData,
  });

/** The locations of the data, sorted, `Unassigned` last when some rows have none; empty without any. */
export const locationsQuery = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'locations'],
    queryFn: async ({ signal }) => (await call(dashboardApi.locations, { signal })).locations,
  });

/** When the latest import finished, and the day its data runs to (docs/behaviour.md section 6.6). */
export const lastImportQuery = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'last-import-date'],
    queryFn: async ({ signal }) => {
      const { last_import_date, data_through } = await call(dashboardApi.lastImportDate, { signal });
      return { last_import_date, data_through };
    },
  });

const filterKey = (filters: Filters) =>
  [providerParam(filters.provider), locationParam(filters.location), filters.year] as const;

export const consultOverviewQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'consult-overview', ...filterKey(filters)],
    queryFn: ({ signal }) => call(dashboardApi.consultOverview, { query: filterQuery(filters), signal }),
  });

export const archCasesQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'arch-cases-by-month', ...filterKey(filters)],
    queryFn: ({ signal }) =>
      call(dashboardApi.archCases, { query: filterQuery({ ...filters, bust: true }), signal }),
  });

// The figures depend on the provider and location only; the year is sent as the screen always has.
export const futureValueQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [
      ...dashboardKey,
      'future-case-value',
      providerParam(filters.provider),
      locationParam(filters.location),
    ],
    queryFn: ({ signal }) =>
      call(dashboardApi.futureCaseValue, { query: filterQuery({ ...filters, bust: true }), signal }),
  });

/** The six headline figures with the year before's (docs/behaviour.md section 6.4). */
export const summaryQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'summary', ...filterKey(filters)],
    queryFn: ({ signal }) => call(dashboardApi.summary, { query: filterQuery(filters), signal }),
  });

export const pipelineQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'pipeline', ...filterKey(filters)],
    queryFn: ({ signal }) => call(dashboardApi.pipeline, { query: filterQuery(filters), signal }),
  });

export const trendsQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'trends', ...filterKey(filters)],
    queryFn: ({ signal }) => call(dashboardApi.trends, { query: filterQuery(filters), signal }),
  });

/**
 * Each provider's goals to date (docs/behaviour.md section 16). Goals cover every location: the
 * call takes none, and with a location chosen the panel shows why there are none (no call).
 */
export const goalsQuery = (filters: Pick<Filters, 'provider' | 'year'>) =>
  queryOptions({
    queryKey: [...dashboardKey, 'goals', providerParam(filters.provider), filters.year],
    queryFn: ({ signal }) =>
      call(goalsApi.progress, {
        query: { provider: providerParam(filters.provider) ?? undefined, year: filters.year },
        signal,
      }),
  });

/** One page of a detail list, in the shape the modal shows whatever the kind. */
export type DetailData = Awaited<ReturnType<typeof fetchDetails>>;

/** Which page an answer holds; an answer without one (a server before paging) is the whole list. */
const pagingOf = (paging: DetailPaging | undefined, rows: readonly unknown[]): DetailPaging =>
  paging ?? { page: 1, page_size: rows.length, pages: 1, total_rows: rows.length };

/**
 * One page of the details call behind a cell (docs/screens.md section 7): the modal asks for
 * DETAIL_PAGE_SIZE rows at a time, so a list of thousands never arrives or renders whole.
 */
async function fetchDetails(request: DetailRequest, page: number, signal: AbortSignal) {
  const { provider, location, year } = request;
  const paging = { page, page_size: DETAIL_PAGE_SIZE };
  switch (request.kind) {
    case 'consults': {
      const params = { type: request.type };
      const data = await call(dashboardApi.consultDetails, {
        params,
        query: { ...filterQuery({ provider, location, year }), ...paging },
        signal,
      });
      return { kind: request.kind, rows: data.details, paging: pagingOf(data.paging, data.details) };
    }
    case 'arch_cases': {
      const params = { month: request.month };
      const data = await call(dashboardApi.archCaseDetails, {
        params,
        query: { ...filterQuery({ provider, location, year }), ...paging },
        signal,
      });
      const rows = data.patients;
      return { kind: request.kind, rows, total: data.total_value, paging: pagingOf(data.paging, rows) };
    }
    case 'future_cases': {
      const params = { month: request.month };
      const data = await call(dashboardApi.futureCaseDetails, {
        params,
        query: { ...filterQuery({ provider, location }), ...paging },
        signal,
      });
      const rows = data.treatments;
      return { kind: request.kind, rows, total: data.total_value, paging: pagingOf(data.paging, rows) };
    }
    case 'pending_finance': {
      const data = await call(dashboardApi.pendingFinanceDetails, {
        query: { ...filterQuery({ provider, location }), ...paging },
        signal,
      });
      const rows = data.cases;
      return { kind: request.kind, rows, total: data.total_value, paging: pagingOf(data.paging, rows) };
    }
  }
}

/** A detail list as a workbook: the same filters as its list, and the file name the server gives it. */
export async function downloadDetails(request: DetailRequest): Promise<{ blob: Blob; fileName: string }> {
  const { provider, location, year } = request;
  const query = filterQuery({ provider, location, year });
  switch (request.kind) {
    case 'consults':
      return {
        blob: await download(exportsApi.consultDetails, { params: { type: request.type }, query }),
        fileName: detailExportFile(request.type),
      };
    case 'arch_cases':
      return {
        blob: await download(exportsApi.archCaseDetails, { params: { month: request.month }, query }),
        fileName: detailExportFile('arch_cases'),
      };
    case 'future_cases':
      return {
        blob: await download(exportsApi.futureCaseDetails, {
          params: { month: request.month },
          query: filterQuery({ provider, location }),
        }),
        fileName: detailExportFile('future_cases'),
      };
    case 'pending_finance':
      return {
        blob: await download(exportsApi.pendingFinanceDetails, {
          query: filterQuery({ provider, location }),
        }),
        fileName: detailExportFile('pending_finance_cases'),
      };
  }
}

export const detailsQuery = (request: DetailRequest, page: number) =>
  queryOptions({
    queryKey: [...dashboardKey, 'details', request, page],
    queryFn: ({ signal }) => fetchDetails(request, page, signal),
    // Turning a page keeps the page shown (dimmed) until the next arrives; another list starts afresh.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[2]) === JSON.stringify(request)
        ? previous
        : undefined,
  });

/** Dashboard load failures are only logged; the widget stays empty (docs/screens.md section 8). */
export function useLoggedQuery<T>(result: UseQueryResult<T>, what: string): UseQueryResult<T> {
  const { error } = result;
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}:`, error);
  }, [error, what]);
  return result;
}

export const useProviders = (location: string) =>
  useLoggedQuery(useQuery(providersQuery(location)), 'providers');
export const useLocations = () => useLoggedQuery(useQuery(locationsQuery()), 'locations');
export const useLastImport = () => useLoggedQuery(useQuery(lastImportQuery()), 'last import date');
export const useConsultOverview = (filters: Filters) =>
  useLoggedQuery(useQuery(consultOverviewQuery(filters)), 'consult overview');
export const useArchCases = (filters: Filters) =>
  useLoggedQuery(useQuery(archCasesQuery(filters)), 'arch cases by month');
export const useFutureValue = (filters: Filters) =>
  useLoggedQuery(useQuery(futureValueQuery(filters)), 'future case value');
export const useSummary = (filters: Filters) =>
  useLoggedQuery(useQuery(summaryQuery(filters)), 'headline figures');
export const usePipeline = (filters: Filters) => useLoggedQuery(useQuery(pipelineQuery(filters)), 'pipeline');
export const useTrends = (filters: Filters) => useLoggedQuery(useQuery(trendsQuery(filters)), 'trends');
export const useGoals = (filters: Filters) =>
  useLoggedQuery(
    useQuery({ ...goalsQuery(filters), enabled: locationParam(filters.location) === null }),
    'goals',
  );
export const useDetails = (request: DetailRequest, page: number) =>
  useLoggedQuery(useQuery(detailsQuery(request, page)), 'details');
