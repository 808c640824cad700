import { defaultYear, fallbackYears, resolveLocation } from './lists';

describe("the filters' lists", () => {
  it('take a location as the server spells it, else every location', () => {
    const listed = ['Lakeside', 'Main Street', 'Unassigned'];
    expect(resolveLocation('Main Street', listed)).toBe('Main Street');
    // Locations compare case-insensitively; the list's spelling wins.
    expect(resolveLocation('lakeside', listed)).toBe('Lakeside');
    expect(resolveLocation('Old Town', listed)).toBe('All Locations');
    expect(resolveLocation('Lakeside', [])).toBe('All Locations');
    expect(resolveLocation('All Locations', listed)).toBe('All Locations');
    // Until the list arrives the address's choice is trusted, so the figures need not wait.
    expect(resolveLocation('Lakeside', undefined)).toBe('Lakeside');
  });

  it('offer 2024 through this year until the server says, and start on this year when offered', () => {
    expect(fallbackYears(2026)).toEqual([2024, 2025, 2026]);
    expect(fallbackYears(2023)).toEqual([2024]);
    expect(defaultYear([2024, 2025, 2026], 2026)).toBe(2026);
    expect(defaultYear([2024, 2025], 2026)).toBe(2025);
    expect(defaultYear([], 2026)).toBe(2026);
  });
});
