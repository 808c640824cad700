/** The two dashboard filters and how they become queries (docs/behaviour.md section 6). */
import type { DashboardQuery } from '../../../common/api/dashboard';

export const ALL_PROVIDERS = 'All Providers';

/** The first year the Year select offers; the last is the server's to say. */
export const FIRST_YEAR = 2024;

export interface Filters {
  provider: string;
  year: number;
}

/** The provider to send, or null for every provider. */
export function providerParam(provider: string | null): string | null {
  return provider === null || provider === ALL_PROVIDERS || provider === '' ? null : provider;
}

/**
 * The dashboard query of docs/behaviour.md section 6, leaving out the provider when it means
 * every provider; `bust` adds a cache-busting timestamp, which the server ignores.
 */
export function filterQuery(params: {
  provider: string | null;
  year?: number;
  bust?: boolean;
}): DashboardQuery {
  return {
    provider: providerParam(params.provider) ?? undefined,
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
