/** The dashboard filters and how they become queries (docs/behaviour.md sections 6 and 11). */
import { ALL_LOCATIONS, ALL_PROVIDERS, type DashboardQuery } from '../../../common/api/dashboard';

export { ALL_LOCATIONS, ALL_PROVIDERS };

/** The first year the Year select offers; the last is the server's to say. */
export const FIRST_YEAR = 2024;

export interface Filters {
  provider: string;
  /** A location the server listed, or ALL_LOCATIONS for every location. */
  location: string;
  year: number;
}

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

/** Years to offer before (or without) the server's list: 2024 through this year. */
export function fallbackYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = FIRST_YEAR; year <= Math.max(FIRST_YEAR, currentYear); year++) years.push(year);
  return years;
}

/** This year when it is offered, else the latest one offered. */
export function defaultYear(years: readonly number[], currentYear: number): number {
  if (years.includes(currentYear) || years.length === 0) return currentYear;
  return Math.max(...years);
}
