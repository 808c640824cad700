import { ALL_LOCATIONS, UNASSIGNED } from '../../common/api/dashboard';

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
