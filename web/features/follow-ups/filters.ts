/** The worklist's filters and how they become its query (docs/behaviour.md section 12). */
import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import {
  STAGES,
  type Stage,
  WORKLIST_SORTS,
  type WorklistQuery,
  type WorklistSort,
} from '../../../common/api/worklist';
import type { Role } from '../../../common/roles';

export { ALL_LOCATIONS, ALL_PROVIDERS };

export interface Filters {
  /** null: every stage. */
  stage: Stage | null;
  provider: string;
  /** A location the server listed, or ALL_LOCATIONS. */
  location: string;
  /** Also list due patients who have an appointment (TBD included). */
  includeScheduled: boolean;
  /** EVERYONE, ME, UNASSIGNED or a username (docs/behaviour.md section 15). */
  assignedTo: string;
  /** Also list patients whose next follow-up is still to come. */
  includeSnoozed: boolean;
  sort: WorklistSort;
}

export const EVERYONE = 'everyone';
export const ME = 'me';
export const UNASSIGNED = 'unassigned';

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
 * Where a bare address starts a user: a provider account on its own provider, a coordinator on the
 * cases assigned to them (docs/screens.md section 10); anyone else on everything.
 */
export interface Start {
  provider: string | null;
  assignedTo: string;
}

export const START_EVERYWHERE: Start = { provider: null, assignedTo: EVERYONE };

/** The signed-in user's start: `role` and, for a provider account, its provider name. */
export function startOf(role: Role | null, ownProvider: string | null): Start {
  return { provider: ownProvider, assignedTo: role === 'coordinator' ? ME : EVERYONE };
}

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

/**
 * How many of the filters behind the phone's Filters button differ from every patient: provider
 * (unless the user has no choice of it), location, assigned to and the two switches. The stage
 * and the order are on screen beside it, so they are not counted.
 */
export function activeFilterCount(f: Filters, providerChosen = true): number {
  return [
    providerChosen && f.provider !== ALL_PROVIDERS,
    f.location !== ALL_LOCATIONS,
    f.assignedTo !== EVERYONE,
    f.includeScheduled,
    f.includeSnoozed,
  ].filter(Boolean).length;
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

/** Selecting the selected stage again shows every stage. */
export const toggleStage = (current: Stage | null, clicked: Stage): Stage | null =>
  current === clicked ? null : clicked;
