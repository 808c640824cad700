/** The two dashboard filters and how they become query strings (docs/behaviour.md section 6). */

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

/** `?provider=..&year=..`, leaving out what means "everything"; `bust` adds a cache-busting timestamp. */
export function queryString(params: { provider?: string | null; year?: number; bust?: boolean }): string {
  const search = new URLSearchParams();
  const provider = providerParam(params.provider ?? null);
  if (provider !== null) search.set('provider', provider);
  if (params.year !== undefined) search.set('year', String(params.year));
  if (params.bust) search.set('_', String(Date.now()));
  const text = search.toString();
  return text ? `?${text}` : '';
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
