import { hashKey, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DETAIL_PAGE_SIZE,
  type DetailPaging,
  dashboardApi,
  detailExportFile,
  exportsApi,
} from '../../../common/api/dashboard';
import { goalsApi } from '../../../common/api/goals';
import { marketingApi } from '../../../common/api/marketing';
import { call, download } from '../../lib/api';
import { useLoggedQuery } from '../../lib/logged-query';
import { endpointQuery, queryKeyOf } from '../../lib/query-keys';
import type { DetailRequest } from './detail-request';
import { type Filters, filterQuery, locationParam, providerParam } from './filters';

/** When the latest import finished, and the day its data runs to (docs/behaviour.md section 6.6). */
export const lastImportQuery = () => endpointQuery(dashboardApi.lastImportDate);

export const consultOverviewQuery = (filters: Filters) =>
  endpointQuery(dashboardApi.consultOverview, { query: filterQuery(filters) });

// These two send a cache-busting stamp, as the screen always has; the server ignores it, so the
// key is of the filters alone.
export const archCasesQuery = (filters: Filters) =>
  queryOptions({
    queryKey: queryKeyOf(dashboardApi.archCases, { query: filterQuery(filters) }),
    queryFn: ({ signal }) =>
      call(dashboardApi.archCases, { query: filterQuery({ ...filters, bust: true }), signal }),
  });

// The figures depend on the provider and location only: the key leaves out the year, which is
// sent as the screen always has.
export const futureValueQuery = (filters: Filters) =>
  queryOptions({
    queryKey: queryKeyOf(dashboardApi.futureCaseValue, {
      query: filterQuery({ provider: filters.provider, location: filters.location }),
    }),
    queryFn: ({ signal }) =>
      call(dashboardApi.futureCaseValue, { query: filterQuery({ ...filters, bust: true }), signal }),
  });

/** The six headline figures with the year before's (docs/behaviour.md section 6.4). */
export const summaryQuery = (filters: Filters) =>
  endpointQuery(dashboardApi.summary, { query: filterQuery(filters) });

export const pipelineQuery = (filters: Filters) =>
  endpointQuery(dashboardApi.pipeline, { query: filterQuery(filters) });

export const trendsQuery = (filters: Filters) =>
  endpointQuery(dashboardApi.trends, { query: filterQuery(filters) });

/**
 * Each provider's goals to date (docs/behaviour.md section 16). Goals cover every location: the
 * call takes none, and with a location chosen the panel shows why there are none (no call).
 */
export const goalsQuery = (filters: Pick<Filters, 'provider' | 'year'>) =>
  endpointQuery(goalsApi.progress, {
    query: { provider: providerParam(filters.provider) ?? undefined, year: filters.year },
  });

/**
 * The return by source (docs/behaviour.md section 19): the whole group's, whatever the provider
 * chosen; with a location, spend and costs are null (spend is entered for the whole group).
 */
export const marketingQuery = (filters: Pick<Filters, 'location' | 'year'>) =>
  endpointQuery(marketingApi.returnBySource, {
    query: { location: locationParam(filters.location) ?? undefined, year: filters.year },
  });

/** One page of a detail list, in the shape the modal shows whatever the kind. */
export type DetailData = Awaited<ReturnType<typeof fetchDetails>>;

/** Which page an answer holds; an answer without one (a server before paging) is the whole list. */
const pagingOf = (paging: DetailPaging | undefined, rows: readonly unknown[]): DetailPaging =>
  paging ?? { page: 1, page_size: rows.length, pages: 1, total_rows: rows.length };

/** A detail list's filters as its call and its workbook send them: the lists that run from today take no year. */
function listQuery(request: DetailRequest) {
  const { provider, location, year } = request;
  const dated = request.kind === 'consults' || request.kind === 'arch_cases';
  return filterQuery(dated ? { provider, location, year } : { provider, location });
}

/** The page of a list a call asks for: DETAIL_PAGE_SIZE rows at a time. */
const pageQuery = (request: DetailRequest, page: number) => ({
  ...listQuery(request),
  page,
  page_size: DETAIL_PAGE_SIZE,
});

/**
 * One page of the details call behind a cell (docs/screens.md section 7): the modal asks for
 * DETAIL_PAGE_SIZE rows at a time, so a list of thousands never arrives or renders whole.
 */
async function fetchDetails(request: DetailRequest, page: number, signal: AbortSignal) {
  const query = pageQuery(request, page);
  switch (request.kind) {
    case 'consults': {
      const data = await call(dashboardApi.consultDetails, { params: { type: request.type }, query, signal });
      return { kind: request.kind, rows: data.details, paging: pagingOf(data.paging, data.details) };
    }
    case 'arch_cases': {
      const data = await call(dashboardApi.archCaseDetails, {
        params: { month: request.month },
        query,
        signal,
      });
      const rows = data.patients;
      return { kind: request.kind, rows, total: data.total_value, paging: pagingOf(data.paging, rows) };
    }
    case 'future_cases': {
      const data = await call(dashboardApi.futureCaseDetails, {
        params: { month: request.month },
        query,
        signal,
      });
      const rows = data.treatments;
      return { kind: request.kind, rows, total: data.total_value, paging: pagingOf(data.paging, rows) };
    }
    case 'pending_finance': {
      const data = await call(dashboardApi.pendingFinanceDetails, { query, signal });
      const rows = data.cases;
      return { kind: request.kind, rows, total: data.total_value, paging: pagingOf(data.paging, rows) };
    }
  }
}

/** A detail list as a workbook: the same filters as its list, and the file name the server gives it. */
export async function downloadDetails(request: DetailRequest): Promise<{ blob: Blob; fileName: string }> {
  const query = listQuery(request);
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
        blob: await download(exportsApi.futureCaseDetails, { params: { month: request.month }, query }),
        fileName: detailExportFile('future_cases'),
      };
    case 'pending_finance':
      return {
        blob: await download(exportsApi.pendingFinanceDetails, { query }),
        fileName: detailExportFile('pending_finance_cases'),
      };
  }
}

/** The endpoint of each kind of detail list, for its pages' keys. */
const DETAIL_LISTS = {
  consults: dashboardApi.consultDetails,
  arch_cases: dashboardApi.archCaseDetails,
  future_cases: dashboardApi.futureCaseDetails,
  pending_finance: dashboardApi.pendingFinanceDetails,
};
/** What names the list in the endpoint's path, as fetchDetails fills it in. */
const listParams = (request: DetailRequest) =>
  request.kind === 'consults'
    ? { type: request.type }
    : request.kind === 'pending_finance'
      ? undefined
      : { month: request.month };

/** A detail page's key without its page: the same list whichever page it is on. */
const listOf = ([endpoint, { params, query }]: ReturnType<typeof queryKeyOf>) =>
  hashKey([endpoint, params, { ...query, page: undefined }]);

export const detailsQuery = (request: DetailRequest, page: number) => {
  const queryKey = queryKeyOf(DETAIL_LISTS[request.kind], {
    params: listParams(request),
    query: pageQuery(request, page),
  });
  return queryOptions({
    queryKey,
    // The page in the modal's shape rather than the answer as it came: no other query reads these lists.
    queryFn: ({ signal }) => fetchDetails(request, page, signal),
    // Turning a page keeps the page shown (dimmed) until the next arrives; another list starts afresh.
    placeholderData: (previous, previousQuery) =>
      previousQuery && listOf(previousQuery.queryKey) === listOf(queryKey) ? previous : undefined,
  });
};

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
/** Asked for only by those who may read it: providers make no call. */
export const useMarketing = (filters: Filters, enabled: boolean) =>
  useLoggedQuery(useQuery({ ...marketingQuery(filters), enabled }), 'marketing return');
export const useDetails = (request: DetailRequest, page: number) =>
  useLoggedQuery(useQuery(detailsQuery(request, page)), 'details');
