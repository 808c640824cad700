import { useEffect, useEffectEvent, useState } from 'react';
import { useLocations, useProviders } from './api';
import { ALL_LOCATIONS, ALL_PROVIDERS, type Filters, parseFilters } from './filters';

/** Where the filters are kept for the browser tab's session, so coming back from a patient keeps them. */
export const FILTERS_KEY = 'follow-ups-filters';

/**
 * The tab's filters, with the lists the selects offer. A location or provider the lists no longer
 * have (a new import, or a provider who does not work at the chosen location) falls back to all,
 * so the list never narrows to something the selects cannot show.
 */
export function useFilters() {
  const [filters, setFilters] = useState(() => parseFilters(sessionStorage.getItem(FILTERS_KEY)));
  const locations = useLocations();
  const providers = useProviders(filters.location);

  const onChange = (next: Filters) => {
    setFilters(next);
    sessionStorage.setItem(FILTERS_KEY, JSON.stringify(next));
  };

  // A failed list shows no Location select: nothing may stay narrowed to a location unseen.
  const listedLocations = locations.isError ? [] : locations.data;
  const listedProviders = providers.isPlaceholderData ? undefined : providers.data;
  const { location, provider } = filters;
  const unknownLocation =
    location !== ALL_LOCATIONS && listedLocations !== undefined && !listedLocations.includes(location);
  const unknownProvider =
    provider !== ALL_PROVIDERS && listedProviders !== undefined && !listedProviders.includes(provider);
  const fallBack = useEffectEvent(() => {
    if (unknownLocation) onChange({ ...filters, location: ALL_LOCATIONS, provider: ALL_PROVIDERS });
    else if (unknownProvider) onChange({ ...filters, provider: ALL_PROVIDERS });
  });
  useEffect(() => {
    if (unknownLocation || unknownProvider) fallBack();
  }, [unknownLocation, unknownProvider]);

  return {
    filters,
    onChange,
    locations: listedLocations ?? [],
    providers: providers.data ?? [],
  };
}
