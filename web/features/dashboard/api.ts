import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  ArchCaseDetailsResponse,
  ArchCasesResponse,
  ConsultDetailsResponse,
  ConsultOverview,
  FutureCaseDetailsResponse,
  FutureCaseValueResponse,
  PendingFinanceDetailsResponse,
  ProvidersResponse,
} from '../../../common/api/dashboard';
import { api } from '../../lib/api';
import { type DetailRequest, detailPath } from './detail-request';
import { type Filters, providerParam, queryString } from './filters';

// Everything under one key, so an import elsewhere can drop every dashboard figure at once.
export const dashboardKey = ['dashboard'] as const;

const get =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    api<T>(path, { signal });

export const providersQuery = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'providers'],
    queryFn: get<ProvidersResponse>('/api/dashboard/providers'),
  });

export const lastImportQuery = () =>
  queryOptions({
    queryKey: [...dashboardKey, 'last-import-date'],
    queryFn: async ({ signal }) =>
      (await api<{ last_import_date: string | null }>('/api/dashboard/last-import-date', { signal }))
        .last_import_date,
  });

const filterKey = (filters: Filters) => [providerParam(filters.provider), filters.year] as const;

export const consultOverviewQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'consult-overview', ...filterKey(filters)],
    queryFn: ({ signal }) =>
      api<ConsultOverview>(`/api/dashboard/consult-overview${queryString(filters)}`, { signal }),
  });

export const archCasesQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'arch-cases-by-month', ...filterKey(filters)],
    queryFn: ({ signal }) =>
      api<ArchCasesResponse>(`/api/dashboard/arch-cases-by-month${queryString({ ...filters, bust: true })}`, {
        signal,
      }),
  });

// The figures depend on the provider only; the year is sent as the screen always has.
export const futureValueQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...dashboardKey, 'future-case-value', providerParam(filters.provider)],
    queryFn: ({ signal }) =>
      api<FutureCaseValueResponse>(
        `/api/dashboard/future-case-value${queryString({ ...filters, bust: true })}`,
        {
          signal,
        },
      ),
  });

/** One detail list, in the shape the modal shows whatever the kind. */
export type DetailData =
  | { kind: 'consults'; rows: ConsultDetailsResponse['details'] }
  | { kind: 'arch_cases'; rows: ArchCaseDetailsResponse['patients']; total: number }
  | { kind: 'future_cases'; rows: FutureCaseDetailsResponse['treatments']; total: number }
  | { kind: 'pending_finance'; rows: PendingFinanceDetailsResponse['cases']; total: number };

async function fetchDetails(request: DetailRequest, signal: AbortSignal): Promise<DetailData> {
  const path = detailPath(request);
  switch (request.kind) {
    case 'consults':
      return { kind: request.kind, rows: (await api<ConsultDetailsResponse>(path, { signal })).details };
    case 'arch_cases': {
      const data = await api<ArchCaseDetailsResponse>(path, { signal });
      return { kind: request.kind, rows: data.patients, total: data.total_value };
    }
    case 'future_cases': {
      const data = await api<FutureCaseDetailsResponse>(path, { signal });
      return { kind: request.kind, rows: data.treatments, total: data.total_value };
    }
    case 'pending_finance': {
      const data = await api<PendingFinanceDetailsResponse>(path, { signal });
      return { kind: request.kind, rows: data.cases, total: data.total_value };
    }
  }
}

export const detailsQuery = (request: DetailRequest) =>
  queryOptions({
    queryKey: [...dashboardKey, 'details', request],
    queryFn: ({ signal }) => fetchDetails(request, signal),
  });

/** Dashboard load failures are only logged; the widget stays empty (docs/screens.md section 8). */
export function useLoggedQuery<T>(result: UseQueryResult<T>, what: string): UseQueryResult<T> {
  const { error } = result;
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}:`, error);
  }, [error, what]);
  return result;
}

export const useProviders = () => useLoggedQuery(useQuery(providersQuery()), 'providers');
export const useLastImport = () => useLoggedQuery(useQuery(lastImportQuery()), 'last import date');
export const useConsultOverview = (filters: Filters) =>
  useLoggedQuery(useQuery(consultOverviewQuery(filters)), 'consult overview');
export const useArchCases = (filters: Filters) =>
  useLoggedQuery(useQuery(archCasesQuery(filters)), 'arch cases by month');
export const useFutureValue = (filters: Filters) =>
  useLoggedQuery(useQuery(futureValueQuery(filters)), 'future case value');
export const useDetails = (request: DetailRequest) =>
  useLoggedQuery(useQuery(detailsQuery(request)), 'details');
