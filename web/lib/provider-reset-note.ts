import { useState } from 'react';
import { ALL_LOCATIONS, ALL_PROVIDERS, UNASSIGNED } from '../../common/api/dashboard';

/**
 * Why a Provider select went back to All Providers on its own: the provider chosen has no
 * patients where the Location select now points (or none in the data at all), so keeping them
 * would show nothing. One line, shown under the selects until the next choice; the Dashboard and
 * Follow-ups say it in the same words.
 */
export function providerResetNote(provider: string, location: string): string {
  const where =
    location === ALL_LOCATIONS
      ? 'in the imported data'
      : location === UNASSIGNED
        ? 'without a location'
        : `at ${location}`;
  return `Provider set to All Providers: ${provider} has no patients ${where}`;
}

/**
 * The line's state for a tab's filters: `remember` when the provider is sent back to All
 * Providers, `forget` at the user's next choice. The line holds while the view is the corrected
 * one: Back, a link or the next choice ends it.
 */
export function useProviderResetNote(provider: string, location: string) {
  const [reset, setReset] = useState<{ provider: string; location: string } | null>(null);
  const note =
    reset && provider === ALL_PROVIDERS && location === reset.location
      ? providerResetNote(reset.provider, reset.location)
      : null;
  return {
    note,
    remember: () => setReset({ provider, location }),
    forget: () => setReset(null),
  };
}
