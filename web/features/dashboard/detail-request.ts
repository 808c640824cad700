import { type ConsultDetailType, UNASSIGNED } from '../../../common/api/dashboard';
import { type Filters, locationParam } from './filters';
import { longMonthLabel } from './months';

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

export const CONSULT_TYPE_NAMES: Record<ConsultDetailType, string> = {
  consults_lost: 'Consults Lost',
  consults_won: 'Consults Won',
  pending_finance: 'Pending Finance',
  future_consults: 'Future Consults',
};

/** 'Dr. Lee', 'All Providers', and with a location 'Dr. Lee at Lakeside' or '... with no location'. */
function who({ provider, location }: DetailRequest): string {
  const name = provider ?? 'All Providers';
  if (location === null) return name;
  return location === UNASSIGNED ? `${name} with no location` : `${name} at ${location}`;
}

/** The modal's title, which also names the dialog for assistive technology. */
export function detailTitle(request: DetailRequest): string {
  switch (request.kind) {
    case 'consults':
      return `${CONSULT_TYPE_NAMES[request.type]}: ${who(request)}, ${request.year}`;
    case 'arch_cases':
      return `Arch Cases: ${who(request)}, ${longMonthLabel(request.month)}`;
    case 'future_cases':
      return `Future Scheduled Treatments: ${who(request)}, ${longMonthLabel(request.month)}`;
    case 'pending_finance':
      return `Pending Finance Cases: ${who(request)}`;
  }
}
