import { useEffect } from 'react';
import { goTo, hrefWith, useAddress } from '../../lib/address';
import { useProviderResetNote } from '../../lib/provider-reset-note';
import { useOwnProvider } from '../../session/own-provider';
import { useHeldProvider } from '../../session/privacy';
import { useProviders } from './api';
import { ALL_LOCATIONS, ALL_PROVIDERS, defaultYear, type Filters, fallbackYears } from './filters';
import { useLocationChoice } from './location-choice';

/** The filters' parameters in the address: /dashboard?year=2025&provider=…&location=… */
const PARAMS = ['year', 'provider', 'location'] as const;

/**
 * The Dashboard's filters, read from the page's address alone (docs/screens.md section 10), so a
 * reload, Back, a bookmark or a shared link shows the same figures, and a bare /dashboard always
 * starts the same way: this year, every location, and a provider account's own provider. `years`
 * are the server's (2024 through this year until they arrive), `locations` what the Location
 * select offers (empty when the data has none). `note` says why a filter changed on its own.
 */
export function useDashboardFilters() {
  const currentYear = new Date().getFullYear();
  const address = useAddress();
  const own = useOwnProvider();
  const held = useHeldProvider();
  const bare = !PARAMS.some((name) => address.params.has(name));

  const { location, locations } = useLocationChoice(address.params.get('location') ?? ALL_LOCATIONS);
  const providers = useProviders(location);
  const years = providers.data?.years.length ? providers.data.years : fallbackYears(currentYear);
  const asked = Number(address.params.get('year'));
  const year = years.includes(asked) ? asked : defaultYear(years, currentYear);
  const chosen = address.params.get('provider') ?? (bare && own ? own : ALL_PROVIDERS);
  // A provider held to their own patients sees theirs whatever the address says, as the server does.
  const provider = held ? (held.provider ?? ALL_PROVIDERS) : chosen;
  const filters: Filters = { provider, location, year };

  const show = (next: Filters, replace = false) =>
    goTo(
      hrefWith(address, {
        year: next.year,
        provider: next.provider === ALL_PROVIDERS ? null : next.provider,
        location: next.location === ALL_LOCATIONS ? null : next.location,
      }),
      { replace },
    );

  // A provider who does not work at the chosen location (or is gone from the data) would show
  // empty panels: every provider instead, as a correction rather than a step in the history, and
  // said in a line under the selects so the change is never silent.
  const { note, remember, forget } = useProviderResetNote(provider, location);
  const listed = providers.isPlaceholderData ? undefined : providers.data?.providers;
  const unlisted = !held && provider !== ALL_PROVIDERS && listed !== undefined && !listed.includes(provider);
  useEffect(() => {
    if (!unlisted) return;
    remember();
    show({ ...filters, provider: ALL_PROVIDERS }, true);
  });

  const onChange = (next: Filters) => {
    forget();
    show(next);
  };
  return { filters, years, locations, note, onChange };
}
