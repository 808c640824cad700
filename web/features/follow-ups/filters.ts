/** The worklist's filters and how they become its query (docs/behaviour.md section 12). */
import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import {
  STAGES,
  type Stage,
  WORKLIST_SORTS,
  type WorklistQuery,
  type WorklistSort,
} from '../../../common/api/worklist';
import type { MoreFilters } from '../../components/filters/filter-fields';
import { EVERYONE, START_EVERYWHERE, type Start } from '../../components/filters/start';
import type { FilterAddress, PlaceFilters } from '../../components/filters/use-filters';

export interface Filters extends PlaceFilters, Omit<MoreFilters, 'year'> {
  /** null: every stage. */
  stage: Stage | null;
  sort: WorklistSort;
}

/** What the card shows, in order; the stage and the order are chosen on the cards and the list. */
export const SHOWN = ['provider', 'location', 'assignedTo', 'includeScheduled', 'includeSnoozed'] as const;

export const NO_FILTERS: Filters = {
  stage: null,
  provider: ALL_PROVIDERS,
  location: ALL_LOCATIONS,
  includeScheduled: false,
  assignedTo: EVERYONE,
  includeSnoozed: false,
  sort: 'waiting',
};

/**
 * The filters' parameters in the address:
 * /follow-ups?stage=…&provider=…&location=…&scheduled=1&assigned=…&snoozed=1&sort=…
 */
export const FILTER_PARAMS = [
  'stage',
  'provider',
  'location',
  'scheduled',
  'assigned',
  'snoozed',
  'sort',
] as const;

/**
 * The filters an address asks for (docs/screens.md section 10); an unknown stage means every
 * stage. A bare address starts on `start`; any filter in the address means exactly what it says.
 */
export function filtersFromParams(params: URLSearchParams, start: Start = START_EVERYWHERE): Filters {
  const stage = params.get('stage');
  const bare = !FILTER_PARAMS.some((name) => params.has(name));
  return {
    stage: (STAGES as readonly string[]).includes(stage ?? '') ? (stage as Stage) : null,
    provider: providerOf(params.get('provider'), bare ? start.provider : null),
    location: params.get('location') ?? ALL_LOCATIONS,
    includeScheduled: params.get('scheduled') === '1',
    assignedTo: params.get('assigned') || (bare ? start.assignedTo : EVERYONE),
    includeSnoozed: params.get('snoozed') === '1',
    sort: sortOf(params.get('sort')),
  };
}

const sortOf = (param: string | null): WorklistSort =>
  (WORKLIST_SORTS as readonly string[]).includes(param ?? '') ? (param as WorklistSort) : 'waiting';

/** `provider=all` says every provider where a bare address would mean a provider account's own. */
const EVERY_PROVIDER = 'all';

function providerOf(param: string | null, ownProvider: string | null): string {
  if (param === null) return ownProvider ?? ALL_PROVIDERS;
  return param === EVERY_PROVIDER ? ALL_PROVIDERS : param;
}

/**
 * The address's parameters for `f`, every "all" left out except where a bare address would start
 * narrower (`provider=all` for a provider account, `assigned=everyone` for a coordinator).
 */
export function filterParams(f: Filters, start: Start = START_EVERYWHERE): Record<string, string | null> {
  const everyProvider = start.provider ? EVERY_PROVIDER : null;
  const everyone = start.assignedTo === EVERYONE ? null : EVERYONE;
  return {
    stage: f.stage,
    provider: f.provider === ALL_PROVIDERS ? everyProvider : f.provider,
    location: f.location === ALL_LOCATIONS ? null : f.location,
    scheduled: f.includeScheduled ? '1' : null,
    assigned: f.assignedTo === EVERYONE ? everyone : f.assignedTo,
    snoozed: f.includeSnoozed ? '1' : null,
    sort: f.sort === 'waiting' ? null : f.sort,
  };
}

/** The query: every "all" left out, so the server sees only what narrows the list. */
export function worklistQueryOf(f: Filters): WorklistQuery {
  return {
    stage: f.stage ?? undefined,
    provider: f.provider === ALL_PROVIDERS ? undefined : f.provider,
    location: f.location === ALL_LOCATIONS ? undefined : f.location,
    include_scheduled: f.includeScheduled ? 'true' : undefined,
    assigned_to: f.assignedTo === EVERYONE ? undefined : f.assignedTo,
    include_snoozed: f.includeSnoozed ? 'true' : undefined,
    sort: f.sort === 'waiting' ? undefined : f.sort,
  };
}

/** The tab's filters in the address, for the filters hook (web/components/filters/use-filters.ts). */
export const WORKLIST_ADDRESS: FilterAddress<Filters> = {
  read: (params, start) => filtersFromParams(params, start),
  write: filterParams,
};

/** Selecting the selected stage again shows every stage. */
export const toggleStage = (current: Stage | null, clicked: Stage): Stage | null =>
  current === clicked ? null : clicked;
