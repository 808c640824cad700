import { useEffect, useState } from 'react';
import { useProviders } from './api';
import { ALL_PROVIDERS, defaultYear, type Filters, fallbackYears } from './filters';
import { useLocationChoice } from './location-choice';

/**
 * The Dashboard's filters: the provider and year for this visit, the location kept between visits.
 * `years` are the server's (2024 through this year until they arrive), `locations` what the
 * Location select offers (empty when the data has none).
 */
export function useDashboardFilters() {
  const currentYear = new Date().getFullYear();
  const { location, locations, choose } = useLocationChoice();
  const providers = useProviders(location);
  const years = providers.data?.years.length ? providers.data.years : fallbackYears(currentYear);
  const [provider, setProvider] = useState(ALL_PROVIDERS);
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  // The location whose providers the chosen provider must be among, once that list arrives.
  const [checkAt, setCheckAt] = useState<string | null>(null);

  const listed = providers.isPlaceholderData ? undefined : providers.data?.providers;
  useEffect(() => {
    if (checkAt === null || checkAt !== location || (!listed && !providers.isError)) return;
    setCheckAt(null);
    // A provider who does not work at the new location would show empty panels: every provider instead.
    if (listed && !listed.includes(provider)) setProvider(ALL_PROVIDERS);
  }, [checkAt, location, listed, providers.isError, provider]);

  const filters: Filters = { provider, location, year: chosenYear ?? defaultYear(years, currentYear) };
  const onChange = (next: Filters) => {
    setProvider(next.provider);
    setChosenYear(next.year);
    if (next.location !== location) {
      choose(next.location);
      if (next.provider !== ALL_PROVIDERS) setCheckAt(next.location);
    }
  };
  return { filters, years, locations, onChange };
}
