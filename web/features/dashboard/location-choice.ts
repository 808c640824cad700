import { useLocations } from './api';
import { ALL_LOCATIONS } from './filters';

/**
 * The wanted location (the address's) as the server spells it now (locations compare
 * case-insensitively), or All Locations when the list does not have it. While the list loads the
 * wanted one is trusted, so the panels need not wait for it.
 */
export function resolveLocation(wanted: string, locations: readonly string[] | undefined): string {
  if (wanted === ALL_LOCATIONS || locations === undefined) return wanted;
  const lower = wanted.toLowerCase();
  return locations.find((location) => location.toLowerCase() === lower) ?? ALL_LOCATIONS;
}

/** `wanted` as listed, with the list the Location select offers (empty when the data has none). */
export function useLocationChoice(wanted: string) {
  const locations = useLocations();
  // A failed list shows no select, so nothing may stay narrowed to a location the user cannot see.
  const listed = locations.isError ? [] : locations.data;
  return { location: resolveLocation(wanted, listed), locations: listed ?? [] };
}
