import {
  ALL_LOCATIONS,
  ALL_PROVIDERS,
  filterParams,
  filtersFromParams,
  NO_FILTERS,
  worklistQueryOf,
} from './filters';

const params = (query: string) => new URLSearchParams(query);

describe('the Follow-ups filters in the address', () => {
  it('reads every filter, and ignores an unknown stage', () => {
    expect(
      filtersFromParams(
        params(
          'stage=undecided&provider=Dr.+Lee&location=Lakeside&scheduled=1&assigned=me&snoozed=1&sort=follow_up',
        ),
      ),
    ).toEqual({
      stage: 'undecided',
      provider: 'Dr. Lee',
      location: 'Lakeside',
      includeScheduled: true,
      assignedTo: 'me',
      includeSnoozed: true,
      sort: 'follow_up',
    });
    expect(filtersFromParams(params('stage=later&sort=random'))).toEqual(NO_FILTERS);
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
      assignedTo: 'casey',
      includeSnoozed: true,
      sort: 'value' as const,
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
      assigned: null,
      snoozed: null,
      sort: null,
    });
    expect(filterParams({ ...NO_FILTERS, location: ALL_LOCATIONS }, 'Dr. Lee').provider).toBe('all');
  });

  it('asks the server only for what narrows or reorders the list', () => {
    expect(worklistQueryOf(NO_FILTERS)).toEqual({
      stage: undefined,
      provider: undefined,
      location: undefined,
      include_scheduled: undefined,
      assigned_to: undefined,
      include_snoozed: undefined,
      sort: undefined,
    });
    expect(
      worklistQueryOf({ ...NO_FILTERS, assignedTo: 'unassigned', includeSnoozed: true, sort: 'recent' }),
    ).toMatchObject({
      assigned_to: 'unassigned',
      include_snoozed: 'true',
      sort: 'recent',
    });
  });
});
