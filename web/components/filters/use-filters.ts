import { useEffect, useEffectEvent } from 'react';
import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { useProviderResetNote } from '../../lib/provider-reset-note';
import { useHeldProvider } from '../../session/privacy';
import { fallbackYears, useLocationChoice, useProviders } from './lists';
import { type Start, useStart } from './start';

/** The filters every tab with filters has: whose patients, and where. */
export interface PlaceFilters {
  provider: string;
  /** A location the server listed, or ALL_LOCATIONS for every location. */
  location: string;
}

/**
 * How a tab keeps its filters in the page's address (docs/screens.md section 10), so a reload,
 * Back, a bookmark or a shared link shows the same view. Every tab keeps its location in
 * `location`: it is read first, because the providers and the years offered are the location's.
 */
export interface FilterAddress<F extends PlaceFilters> {
  /** The filters the address asks for but the location; a bare address starts on `start`. */
  read: (params: URLSearchParams, start: Start, years: readonly number[]) => Omit<F, 'location'>;
  /** The address's parameters for the filters. */
  write: (filters: F, start: Start) => Record<string, string | number | null>;
}

/**
 * A tab's filters, read from the page's address alone, with the lists the selects offer. A
 * location the list no longer has counts as All Locations; a provider with no patients at the
 * chosen location (or none at all) goes back to All Providers, and `note` says why in a line under
 * the selects, so the figures never narrow to something the selects cannot show and never change
 * silently. A provider held to their own patients sees theirs whatever the address says, as the
 * server does.
 */
export function useFilters<F extends PlaceFilters>(tab: FilterAddress<F>) {
  const address = useAddress();
  const start = useStart();
  const held = useHeldProvider();
  const { location, locations } = useLocationChoice(address.params.get('location') ?? ALL_LOCATIONS);
  const providers = useProviders(location);
  const answered = providers.data?.years;
  const years = answered?.length ? answered : fallbackYears(new Date().getFullYear());
  const asked = { ...tab.read(address.params, start, years), location } as F;
  const filters: F = held ? { ...asked, provider: held.provider ?? ALL_PROVIDERS } : asked;

  const show = (next: F, replace = false) => goTo(hrefWith(address, tab.write(next, start)), { replace });

  const { note, remember, forget } = useProviderResetNote(filters.provider, location);
  const listed = providers.isPlaceholderData ? undefined : providers.data?.providers;
  const unlisted =
    !held && filters.provider !== ALL_PROVIDERS && listed !== undefined && !listed.includes(filters.provider);
  // A correction, not a step the user took: no history entry.
  const fallBack = useEffectEvent(() => {
    remember();
    show({ ...filters, provider: ALL_PROVIDERS }, true);
  });
  useEffect(() => {
    if (unlisted) fallBack();
  }, [unlisted]);

  const onChange = (next: F) => {
    forget();
    show(next);
  };
  return {
    filters,
    onChange,
    note,
    lists: { providers: providers.data?.providers ?? [], locations, years },
  };
}
