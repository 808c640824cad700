import {
  ALL_PROVIDERS,
  CONSULT_DETAIL_NAMES,
  CONSULT_DETAIL_TYPES,
  type ConsultDetailType,
  UNASSIGNED,
} from '../../../common/api/dashboard';
import { longMonthLabel } from '../../../common/months';
import { type Filters, locationParam } from './filters';

/**
 * What every detail list is narrowed to besides its provider: the filter's location (null for
 * every location) and year.
 */
interface Scope {
  location: string | null;
  year: number;
}

/**
 * What a clicked cell asks to see. `provider` null means every provider the filter shows
 * (a totals row); otherwise the row's provider.
 */
export type DetailRequest = Scope &
  (
    | { kind: 'consults'; type: ConsultDetailType; provider: string | null }
    | { kind: 'arch_cases'; month: string; provider: string | null }
    | { kind: 'future_cases'; month: string; provider: string | null }
    | { kind: 'pending_finance'; provider: string | null }
  );

/** The location and year a cell's details follow, from the filters the panel shows. */
export const detailScope = (filters: Filters): Scope => ({
  location: locationParam(filters.location),
  year: filters.year,
});

/** 'Dr. Lee', 'All Providers', and with a location 'Dr. Lee at Lakeside' or '... with no location'. */
function who({ provider, location }: DetailRequest): string {
  const name = provider ?? ALL_PROVIDERS;
  if (location === null) return name;
  return location === UNASSIGNED ? `${name} with no location` : `${name} at ${location}`;
}

/** The modal's title, which also names the dialog for assistive technology. */
export function detailTitle(request: DetailRequest): string {
  switch (request.kind) {
    case 'consults':
      return `${CONSULT_DETAIL_NAMES[request.type]}: ${who(request)}, ${request.year}`;
    case 'arch_cases':
      return `Arch Cases: ${who(request)}, ${longMonthLabel(request.month)}`;
    case 'future_cases':
      return `Future Scheduled Treatments: ${who(request)}, ${longMonthLabel(request.month)}`;
    case 'pending_finance':
      return `Pending Finance Cases: ${who(request)}`;
  }
}

/**
 * The page of the open list in the address (left out for page 1), so Back from a patient opened
 * on page 3 comes back to page 3.
 */
export const DETAIL_PAGE = 'details_page';

/** The detail list's parameters in the address, so Back from a patient reopens the list. */
export const DETAIL_PARAMS = ['details', 'month', 'of', DETAIL_PAGE] as const;
type DetailParams = Record<(typeof DETAIL_PARAMS)[number], string | null>;

const PENDING_FINANCE_CASES = 'pending_finance_cases';
// A month key; a year (a row's total); TBD for future treatments not yet dated; all for every date.
const MONTH = /^(\d{4}(-(0[1-9]|1[0-2]))?|TBD|all)$/;

/**
 * `details=consults_won&of=Dr. Lee`, `details=arch_cases&month=2026-03`, … (`of` absent: every
 * provider). A list opens on its first page.
 */
export function detailParams(request: DetailRequest): DetailParams {
  const of = request.provider;
  const list = { of, [DETAIL_PAGE]: null };
  switch (request.kind) {
    case 'consults':
      return { details: request.type, month: null, ...list };
    case 'arch_cases':
    case 'future_cases':
      return { details: request.kind, month: request.month, ...list };
    case 'pending_finance':
      return { details: PENDING_FINANCE_CASES, month: null, ...list };
  }
}

/** The page of the open list an address asks for: a whole number from 1, else 1. */
export function detailPageFromParams(params: URLSearchParams): number {
  const page = Number(params.get(DETAIL_PAGE));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** The address's parameter for a page of the open list: left out for page 1. */
export const detailPageParam = (page: number) => ({ [DETAIL_PAGE]: page > 1 ? page : null });

/** The detail list an address asks for, in the filters' scope; null for none or a malformed one. */
export function detailFromParams(params: URLSearchParams, scope: Scope): DetailRequest | null {
  const details = params.get('details');
  const provider = params.get('of');
  const month = params.get('month') ?? '';
  if ((CONSULT_DETAIL_TYPES as readonly string[]).includes(details ?? ''))
    return { ...scope, kind: 'consults', type: details as ConsultDetailType, provider };
  if ((details === 'arch_cases' || details === 'future_cases') && MONTH.test(month))
    return { ...scope, kind: details, month, provider };
  if (details === PENDING_FINANCE_CASES) return { ...scope, kind: 'pending_finance', provider };
  return null;
}
