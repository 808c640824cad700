import { providerResetNote } from './provider-reset-note';

describe('the line said when a provider goes back to All Providers', () => {
  it('names the provider and where they have no patients', () => {
    expect(providerResetNote('Dr. Lee', 'Main Street')).toBe(
      'Provider set to All Providers: Dr. Lee has no patients at Main Street',
    );
    expect(providerResetNote('Dr. Lee', 'Unassigned')).toBe(
      'Provider set to All Providers: Dr. Lee has no patients without a location',
    );
    expect(providerResetNote('Dr. Lee', 'All Locations')).toBe(
      'Provider set to All Providers: Dr. Lee has no patients in the imported data',
    );
  });
});
