import { useEffect, useEffectEvent } from 'react';
import { useOwnProvider } from '../../app/own-provider';
import { useHeldProvider } from '../../app/privacy';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { useLocations, useProviders } from './api';
import { ALL_LOCATIONS, ALL_PROVIDERS, type Filters, filterParams, filtersFromParams } from './filters';

/**
 * The tab's filters, with the lists the selects offer. A location or provider the lists no longer
 * have (a new import, or a provider who does not work at the chosen location) falls back to all,
 * so the list never narrows to something the selects cannot show.
 */
export function useFilters() {
  // In the page's address (docs/screens.md section 10): Back from a patient keeps them.
  const address = useAddress();
  const own = useOwnProvider();
  const held = useHeldProvider();
  const asked = filtersFromParams(address.params, own);
  // A provider held to their own patients sees theirs whatever the address says, as the server does.
  const filters = held ? { ...asked, provider: held.provider ?? ALL_PROVIDERS } : asked;
  const locations = useLocations();
  const providers = useProviders(filters.location);

  const show = (next: Filters, replace = false) =>
    goTo(hrefWith(address, filterParams(next, own)), { replace });
  const onChange = (next: Filters) => show(next);

  // A failed list shows no Location select: nothing may stay narrowed to a location unseen.
  const listedLocations = locations.isError ? [] : locations.data;
  const listedProviders = providers.isPlaceholderData ? undefined : providers.data;
  const { location, provider } = filters;
  const unknownLocation =
    location !== ALL_LOCATIONS && listedLocations !== undefined && !listedLocations.includes(location);
  const unknownProvider =
    !held &&
    provider !== ALL_PROVIDERS &&
    listedProviders !== undefined &&
    !listedProviders.includes(provider);
  // A correction, not a step the user took: no history entry.
  const fallBack = useEffectEvent(() => {
    if (unknownLocation) show({ ...filters, location: ALL_LOCATIONS, provider: ALL_PROVIDERS }, true);
    else if (unknownProvider) show({ ...filters, provider: ALL_PROVIDERS }, true);
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
