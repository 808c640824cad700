import { useState } from 'react';
import { useLocations } from './api';
import { ALL_LOCATIONS } from './filters';

/** Where the Location select's choice is kept, so a reload (or the next visit) opens on it. */
export const LOCATION_KEY = 'dashboard-location';

/**
 * The stored choice as the server spells it now (locations compare case-insensitively), or All
 * Locations when the list no longer has it. While the list loads the stored choice is trusted, so
 * the panels need not wait for it.
 */
export function resolveLocation(stored: string, locations: readonly string[] | undefined): string {
  if (stored === ALL_LOCATIONS || locations === undefined) return stored;
  const wanted = stored.toLowerCase();
  return locations.find((location) => location.toLowerCase() === wanted) ?? ALL_LOCATIONS;
}

/** The chosen location, kept in localStorage, with the list the Location select offers. */
export function useLocationChoice() {
  const locations = useLocations();
  const [stored, setStored] = useState(() => localStorage.getItem(LOCATION_KEY) ?? ALL_LOCATIONS);
  // A failed list shows no select, so nothing may stay narrowed to a location the user cannot see.
  const listed = locations.isError ? [] : locations.data;
  const choose = (location: string) => {
    setStored(location);
    if (location === ALL_LOCATIONS) localStorage.removeItem(LOCATION_KEY);
    else localStorage.setItem(LOCATION_KEY, location);
  };
  return { location: resolveLocation(stored, listed), locations: listed ?? [], choose };
}
