import { START_EVERYWHERE, startOf } from '../../components/filters/start';
import { DASHBOARD_ADDRESS, filterQuery, locationParam } from './filters';

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
});

describe("the Dashboard's address", () => {
  const years = [2024, 2025];
  const read = (query: string, start = START_EVERYWHERE) =>
    DASHBOARD_ADDRESS.read(new URLSearchParams(query), start, years);

  it('starts a bare address on the latest year offered, and a provider account on its own provider', () => {
    expect(read('')).toEqual({ provider: 'All Providers', year: 2025 });
    expect(read('', startOf('provider', 'Dr. Lee'))).toEqual({ provider: 'Dr. Lee', year: 2025 });
    // Any filter in the address means exactly what it says.
    expect(read('year=2024', startOf('provider', 'Dr. Lee'))).toEqual({
      provider: 'All Providers',
      year: 2024,
    });
    expect(read('year=1999&provider=Dr.+Kim')).toEqual({ provider: 'Dr. Kim', year: 2025 });
  });

  it('always writes the year, and leaves out every provider and every location', () => {
    const all = { provider: 'All Providers', location: 'All Locations', year: 2025 };
    expect(DASHBOARD_ADDRESS.write(all, startOf('provider', 'Dr. Lee'))).toEqual({
      year: 2025,
      provider: null,
      location: null,
    });
    expect(
      DASHBOARD_ADDRESS.write({ ...all, provider: 'Dr. Kim', location: 'Lakeside' }, START_EVERYWHERE),
    ).toEqual({ year: 2025, provider: 'Dr. Kim', location: 'Lakeside' });
  });
});
