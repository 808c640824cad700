/** The dashboard filters, how they become queries and how the address keeps them (docs/behaviour.md sections 6 and 11). */
import { ALL_LOCATIONS, ALL_PROVIDERS, type DashboardQuery } from '../../../common/api/dashboard';
import { defaultYear } from '../../components/filters/lists';
import type { FilterAddress, PlaceFilters } from '../../components/filters/use-filters';

export interface Filters extends PlaceFilters {
  year: number;
}

/** What the Dashboard's card shows, in order. */
export const SHOWN = ['provider', 'location', 'year'] as const;

/** The provider to send, or null for every provider. */
export function providerParam(provider: string | null): string | null {
  return provider === null || provider === ALL_PROVIDERS || provider === '' ? null : provider;
}

/** The location to send, or null for every location. */
export function locationParam(location: string | null | undefined): string | null {
  return location === null || location === undefined || location === ALL_LOCATIONS || location === ''
    ? null
    : location;
}

/**
 * The dashboard query of docs/behaviour.md section 6, leaving out the provider and the location
 * when they mean every one (so a data set without locations sends what it always has); `bust`
 * adds a cache-busting timestamp, which the server ignores.
 */
export function filterQuery(params: {
  provider?: string | null;
  location?: string | null;
  year?: number;
  bust?: boolean;
}): DashboardQuery {
  return {
    provider: providerParam(params.provider ?? null) ?? undefined,
    location: locationParam(params.location) ?? undefined,
    year: params.year,
    _: params.bust ? String(Date.now()) : undefined,
  };
}

/** The filters' parameters in the address: /dashboard?year=2025&provider=…&location=… */
const PARAMS = ['year', 'provider', 'location'] as const;

/**
 * The address alone decides the figures (docs/screens.md section 10), and a bare /dashboard always
 * starts the same way: this year (or the latest offered), every location, and a provider account's
 * own provider. The year is always written, so an address the user chose is never bare.
 */
export const DASHBOARD_ADDRESS: FilterAddress<Filters> = {
  read: (params, start, years) => {
    const bare = !PARAMS.some((name) => params.has(name));
    const asked = Number(params.get('year'));
    return {
      provider: params.get('provider') ?? (bare && start.provider ? start.provider : ALL_PROVIDERS),
      year: years.includes(asked) ? asked : defaultYear(years, new Date().getFullYear()),
    };
  },
  write: (f) => ({
    year: f.year,
    provider: f.provider === ALL_PROVIDERS ? null : f.provider,
    location: f.location === ALL_LOCATIONS ? null : f.location,
  }),
};
