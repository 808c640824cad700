/**
 * What the filters offer, from the server: the data's locations, and the providers and years at
 * the location chosen (docs/behaviour.md section 11). Both tabs ask the same calls, so they share
 * the answers.
 */
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { ALL_LOCATIONS, dashboardApi } from '../../../common/api/dashboard';
import { useLoggedQuery } from '../../lib/logged-query';
import { endpointQuery } from '../../lib/query-keys';

/** The first year the Year select offers; the last is the server's to say. */
export const FIRST_YEAR = 2024;

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

/**
 * The wanted location (the address's) as the server spells it now (locations compare
 * case-insensitively), or All Locations when the list does not have it. While the list loads the
 * wanted one is trusted, so the figures need not wait for it.
 */
export function resolveLocation(wanted: string, locations: readonly string[] | undefined): string {
  if (wanted === ALL_LOCATIONS || locations === undefined) return wanted;
  const lower = wanted.toLowerCase();
  return locations.find((location) => location.toLowerCase() === lower) ?? ALL_LOCATIONS;
}

const providersQuery = (location: string) =>
  endpointQuery(dashboardApi.providers, {
    query: { location: location === ALL_LOCATIONS ? undefined : location },
  });
const locationsQuery = () => endpointQuery(dashboardApi.locations);

// The lists are asked for while the tab renders, ahead of its figures, whose calls start as their
// components mount (children first): so the selects fill, and a provider who is not in the data
// goes back to All Providers, before the figures arrive.

/** The providers and the years to offer at `location`. */
export function useProviders(location: string) {
  usePrefetchQuery(providersQuery(location));
  return useLoggedQuery(
    useQuery({
      ...providersQuery(location),
      // The selects keep their options while another location's list loads, rather than flicker.
      placeholderData: keepPreviousData,
    }),
    'providers',
  );
}

/** `wanted` as listed, with the list the Location select offers (empty when the data has none). */
export function useLocationChoice(wanted: string) {
  usePrefetchQuery(locationsQuery());
  const locations = useLoggedQuery(
    useQuery({ ...locationsQuery(), select: (answer) => answer.locations }),
    'locations',
  );
  // A failed list shows no select, so nothing may stay narrowed to a location the user cannot see.
  const listed = locations.isError ? [] : locations.data;
  return { location: resolveLocation(wanted, listed), locations: listed ?? [] };
}
