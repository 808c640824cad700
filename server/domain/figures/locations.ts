/** Narrowing the figures to one office (docs/behaviour.md section 11). */
import { ALL_LOCATIONS, UNASSIGNED } from '../../../common/api/dashboard';
import { locationKey } from '../names';
import type { Appt, Sheet } from './types';

/**
 * Every location (null), the rows with none (`Unassigned`), or one office by its key (its name in
 * lower case): a plain value, so it can key a cache and be written to the audit log.
 */
export type LocationFilter = string | null;

/** The `location` query: absent, empty, `all` or `All Locations` is every location. */
export function locationFilter(raw: string | null | undefined): LocationFilter {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'all' || value === ALL_LOCATIONS) return null;
  return value === UNASSIGNED ? UNASSIGNED : locationKey(value);
}

/** Whether a location (null for none) passes a chosen location filter (not every location). */
export const isAtLocation = (filter: string, location: string | null) =>
  location === null ? filter === UNASSIGNED : locationKey(location) === filter;
const at = isAtLocation;

/**
 * The scoresheet rows and appointments at a location: a scoresheet row counts at its own, an
 * appointment at its own or else its patient's (both already resolved in `location`).
 */
export function atLocation<D extends { sheet: Sheet; appts: Appt[] }>(data: D, filter: LocationFilter): D {
  if (filter === null) return data;
  return {
    ...data,
    sheet: data.sheet.filter((r) => at(filter, r.location)),
    appts: data.appts.filter((a) => at(filter, a.location)),
  };
}

/**
 * Every location of a scoresheet row or an appointment (cancelled ones too), sorted without
 * regard to case, then `Unassigned` when any of them has none.
 */
export function locationList(sheet: Sheet, appts: Appt[]): string[] {
  const seen = new Map<string, string>();
  let unassigned = false;
  for (const { location } of [...sheet, ...appts]) {
    if (location === null) unassigned = true;
    else if (!seen.has(locationKey(location))) seen.set(locationKey(location), location);
  }
  const names = [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, name]) => name);
  return unassigned ? [...names, UNASSIGNED] : names;
}

/** How a location filter is named on a report: the data's spelling of it, or null for every location. */
export function locationName(filter: LocationFilter, names: readonly string[]): string | null {
  if (filter === null || filter === UNASSIGNED) return filter;
  return names.find((name) => name !== UNASSIGNED && locationKey(name) === filter) ?? filter;
}
