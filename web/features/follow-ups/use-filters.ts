import { useEffect, useEffectEvent } from 'react';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { useProviderResetNote } from '../../lib/provider-reset-note';
import { useAuth } from '../../session/auth';
import { useOwnProvider } from '../../session/own-provider';
import { useHeldProvider } from '../../session/privacy';
import { useLocations, useProviders } from './api';
import {
  ALL_LOCATIONS,
  ALL_PROVIDERS,
  type Filters,
  filterParams,
  filtersFromParams,
  startOf,
} from './filters';

/**
 * The tab's filters, with the lists the selects offer. A location the list no longer has falls
 * back to All Locations; a provider with no patients at the chosen location (or none at all) falls
 * back to All Providers, and `note` says why in a line under the selects, as on the Dashboard, so
 * the list never narrows to something the selects cannot show and never changes silently.
 */
export function useFilters() {
  // In the page's address (docs/screens.md section 10): Back from a patient keeps them.
  const address = useAddress();
  const { state } = useAuth();
  // A bare address starts a provider on their own provider and a coordinator on their own cases.
  const start = startOf(state.status === 'signed-in' ? state.user.role : null, useOwnProvider());
  const held = useHeldProvider();
  const asked = filtersFromParams(address.params, start);
  // A provider held to their own patients sees theirs whatever the address says, as the server does.
  const filters = held ? { ...asked, provider: held.provider ?? ALL_PROVIDERS } : asked;
  const locations = useLocations();
  const providers = useProviders(filters.location);

  const show = (next: Filters, replace = false) =>
    goTo(hrefWith(address, filterParams(next, start)), { replace });

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
  const { note, remember, forget } = useProviderResetNote(provider, location);
  // A correction, not a step the user took: no history entry. The provider is checked again
  // against the new location's list, so it goes (with the line) only if it must.
  const fallBack = useEffectEvent(() => {
    if (unknownLocation) show({ ...filters, location: ALL_LOCATIONS }, true);
    else if (unknownProvider) {
      remember();
      show({ ...filters, provider: ALL_PROVIDERS }, true);
    }
  });
  useEffect(() => {
    if (unknownLocation || unknownProvider) fallBack();
  }, [unknownLocation, unknownProvider]);
  const onChange = (next: Filters) => {
    forget();
    show(next);
  };

  return {
    filters,
    onChange,
    note,
    locations: listedLocations ?? [],
    providers: providers.data ?? [],
  };
}
