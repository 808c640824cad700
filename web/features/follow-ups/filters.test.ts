import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import { activeFilterCount } from '../../components/filters/phone-filters';
import { EVERYONE, ME, startOf } from '../../components/filters/start';
import { caseParams } from '../../lib/navigation';
import { type Filters, filterParams, filtersFromParams, NO_FILTERS, worklistQueryOf } from './filters';

const params = (query: string) => new URLSearchParams(query);
const written = (f: Filters, start = startOf(null, null)) =>
  new URLSearchParams(
    Object.entries(filterParams(f, start)).filter((entry): entry is [string, string] => entry[1] !== null),
  );
const provider = startOf('provider', 'Dr. Lee');
const coordinator = startOf('coordinator', null);

describe('the Follow-ups filters in the address', () => {
  it("reads a case's address as the shell writes it: its stage, and the switches that let its row in", () => {
    const address = written({
      ...NO_FILTERS,
      stage: 'pending_finance',
      includeScheduled: true,
      includeSnoozed: true,
    });
    const shell = new URLSearchParams(
      Object.entries(caseParams('p1', { stage: 'pending_finance', scheduled: true, snoozed: true })).filter(
        (entry): entry is [string, string] => entry[1] !== null,
      ),
    );
    expect(filtersFromParams(shell)).toEqual(filtersFromParams(address));
    expect(shell.get('case')).toBe('p1');
    expect([...shell.keys()].sort()).toEqual([...address.keys(), 'case'].sort());
  });

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
    expect(filtersFromParams(params(''), provider).provider).toBe('Dr. Lee');
    expect(filtersFromParams(params('stage=undecided'), provider).provider).toBe(ALL_PROVIDERS);
    expect(filtersFromParams(params('provider=all'), provider).provider).toBe(ALL_PROVIDERS);
    expect(filtersFromParams(params(''), provider).assignedTo).toBe(EVERYONE);
  });

  it('starts a coordinator on the cases assigned to them, and keeps any other choice in the address', () => {
    expect(filtersFromParams(params(''), coordinator)).toEqual({ ...NO_FILTERS, assignedTo: ME });
    for (const role of ['manager', 'admin'] as const)
      expect(filtersFromParams(params(''), startOf(role, null)).assignedTo).toBe(EVERYONE);
    // Everyone is said in the address, since a bare one would mean Me.
    const everyone = { ...NO_FILTERS, assignedTo: EVERYONE };
    expect(written(everyone, coordinator).toString()).toBe('assigned=everyone');
    expect(filtersFromParams(written(everyone, coordinator), coordinator)).toEqual(everyone);
    // Me, with a stage chosen, stays Me; a link with a stage alone means everyone's.
    const mine = { ...NO_FILTERS, assignedTo: ME, stage: 'undecided' as const };
    expect(filtersFromParams(written(mine, coordinator), coordinator)).toEqual(mine);
    expect(filtersFromParams(params('stage=undecided'), coordinator).assignedTo).toBe(EVERYONE);
    // For everyone else Everyone is the default, left out.
    expect(written(everyone).toString()).toBe('');
  });

  it('counts the filters set behind the Filters button, leaving out the stage and the order', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, stage: 'undecided', sort: 'approved' })).toBe(0);
    const all = {
      ...NO_FILTERS,
      provider: 'Dr. Lee',
      location: 'Lakeside',
      assignedTo: ME,
      includeScheduled: true,
      includeSnoozed: true,
    };
    expect(activeFilterCount(all)).toBe(5);
    // A provider held to their own patients has no Provider select to count.
    expect(activeFilterCount(all, false)).toBe(4);
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
    expect(filtersFromParams(written(chosen))).toEqual(chosen);
    expect(filterParams(NO_FILTERS)).toEqual({
      stage: null,
      provider: null,
      location: null,
      scheduled: null,
      assigned: null,
      snoozed: null,
      sort: null,
    });
    expect(filterParams({ ...NO_FILTERS, location: ALL_LOCATIONS }, provider).provider).toBe('all');
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
