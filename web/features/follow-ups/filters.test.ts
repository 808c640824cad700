import { ALL_LOCATIONS, ALL_PROVIDERS, filterParams, filtersFromParams, NO_FILTERS } from './filters';

const params = (query: string) => new URLSearchParams(query);

describe('the Follow-ups filters in the address', () => {
  it('reads every filter, and ignores an unknown stage', () => {
    expect(
      filtersFromParams(params('stage=undecided&provider=Dr.+Lee&location=Lakeside&scheduled=1')),
    ).toEqual({
      stage: 'undecided',
      provider: 'Dr. Lee',
      location: 'Lakeside',
      includeScheduled: true,
    });
    expect(filtersFromParams(params('stage=later'))).toEqual(NO_FILTERS);
  });

  it('starts a provider account on its own provider, unless the address says every provider', () => {
    expect(filtersFromParams(params(''), 'Dr. Lee').provider).toBe('Dr. Lee');
    expect(filtersFromParams(params('stage=undecided'), 'Dr. Lee').provider).toBe(ALL_PROVIDERS);
    expect(filtersFromParams(params('provider=all'), 'Dr. Lee').provider).toBe(ALL_PROVIDERS);
  });

  it('writes back what it reads, leaving out every "all"', () => {
    const chosen = {
      stage: 'awaiting_final' as const,
      provider: 'Dr. Lee',
      location: 'Lakeside',
      includeScheduled: true,
    };
    const written = new URLSearchParams(
      Object.entries(filterParams(chosen)).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    expect(filtersFromParams(written)).toEqual(chosen);
    expect(filterParams(NO_FILTERS)).toEqual({
      stage: null,
      provider: null,
      location: null,
      scheduled: null,
    });
    expect(filterParams({ ...NO_FILTERS, location: ALL_LOCATIONS }, 'Dr. Lee').provider).toBe('all');
  });
});
