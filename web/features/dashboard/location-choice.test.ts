import { providerResetNote } from '../../lib/provider-reset-note';
import { filterQuery, locationParam } from './filters';
import { resolveLocation } from './location-choice';

describe('the location filter', () => {
  it('sends a location only when it narrows the figures', () => {
    expect(filterQuery({ provider: 'All Providers', location: 'All Locations', year: 2026 })).toEqual({
      provider: undefined,
      location: undefined,
      year: 2026,
      _: undefined,
    });
    expect(filterQuery({ location: '' }).location).toBeUndefined();
    expect(filterQuery({ location: 'Unassigned' }).location).toBe('Unassigned');
    expect(filterQuery({ provider: 'Dr. Lee', location: 'Lakeside' })).toMatchObject({
      provider: 'Dr. Lee',
      location: 'Lakeside',
    });
    expect(locationParam(undefined)).toBeNull();
  });

  it('takes a location as the server spells it, else every location', () => {
    const listed = ['Lakeside', 'Main Street', 'Unassigned'];
    expect(resolveLocation('Main Street', listed)).toBe('Main Street');
    // Locations compare case-insensitively; the list's spelling wins.
    expect(resolveLocation('lakeside', listed)).toBe('Lakeside');
    expect(resolveLocation('Old Town', listed)).toBe('All Locations');
    expect(resolveLocation('Lakeside', [])).toBe('All Locations');
    expect(resolveLocation('All Locations', listed)).toBe('All Locations');
    // Until the list arrives the address's choice is trusted, so the panels need not wait.
    expect(resolveLocation('Lakeside', undefined)).toBe('Lakeside');
  });
});

describe('the line said when the provider goes back to All Providers', () => {
  it('names the provider and where they have no patients', () => {
    expect(providerResetNote('Dr. Lee', 'Lakeside')).toBe(
      'Provider set to All Providers: Dr. Lee has no patients at Lakeside',
    );
    expect(providerResetNote('Dr. Lee', 'Unassigned')).toBe(
      'Provider set to All Providers: Dr. Lee has no patients without a location',
    );
    expect(providerResetNote('Dr. Lee', 'All Locations')).toBe(
      'Provider set to All Providers: Dr. Lee has no patients in the imported data',
    );
  });
});
