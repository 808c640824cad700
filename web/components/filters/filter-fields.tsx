import { Select, Stack } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import { ChoiceSelect } from '../choice-select';
import { FilterSwitch } from './filter-switch';
import classes from './filters.module.css';
import { EVERYONE, ME, UNASSIGNED } from './start';
import type { PlaceFilters } from './use-filters';

/** The filters a card may show besides the place: the Dashboard's year, Follow-ups' assignee and switches. */
export interface MoreFilters {
  year: number;
  /** EVERYONE, ME, UNASSIGNED or a username (docs/behaviour.md section 15). */
  assignedTo: string;
  /** Also list due patients who have an appointment (TBD included). */
  includeScheduled: boolean;
  /** Also list patients whose next follow-up is still to come. */
  includeSnoozed: boolean;
}

export type ShownFilters = PlaceFilters & Partial<MoreFilters>;
export type FilterName = keyof PlaceFilters | keyof MoreFilters;

/** What the selects offer. */
export interface FilterLists {
  providers: readonly string[];
  /** The server's locations; the Location select shows only when there are some. */
  locations: readonly string[];
  years: readonly number[];
  /** The active users, for Assigned to. */
  assignees?: readonly string[];
}

/**
 * How the fields sit: sharing a titled card's row, growing to fill it (`row`); at set widths on
 * one line above a list (`line`); or one under another behind a phone's Filters button (`stack`).
 */
export type FieldsLayout = 'row' | 'line' | 'stack';

export const SCHEDULED_HINT =
  'When off, patients with an appointment booked (dated or TBD) are left out: they are on the books.';
export const SNOOZED_HINT =
  'When off, patients whose next follow-up is still to come are left out until that day.';

// In a row with a Location select the three share it by these bases: on a phone Provider takes its
// own line and Location and Year share the next; without it the two selects keep their layout.
const ROW_FLEX: Partial<Record<FilterName, string>> = {
  provider: '2 1 200px',
  location: '2 1 150px',
  year: '1 1 90px',
};

function styleOf(name: FilterName, layout: FieldsLayout, withLocation: boolean): CSSProperties | undefined {
  if (layout === 'stack') return undefined;
  if (layout === 'line') return { flex: '1 1 170px', maxWidth: name === 'assignedTo' ? 180 : 250 };
  if (withLocation) return { flex: ROW_FLEX[name] };
  return name === 'provider' ? { flexGrow: 2 } : undefined;
}

interface Props<F extends ShownFilters> {
  /** The card's id, which the switches' hints' ids start with. */
  id: string;
  shows: readonly (keyof F & FilterName)[];
  filters: F;
  onChange: (filters: F) => void;
  lists: FilterLists;
  /** A provider held to their own patients has no choice of provider: the server would ignore it. */
  held: boolean;
  layout: FieldsLayout;
}

/** The selects and switches `shows` names, in its order (the switches together, last), laid out by the caller. */
export function FilterFields<F extends ShownFilters>({
  id,
  shows,
  filters,
  onChange,
  lists,
  held,
  layout,
}: Props<F>) {
  const withLocation = lists.locations.length > 0;
  const style = (name: FilterName) => styleOf(name, layout, withLocation);
  const change = (patch: Partial<PlaceFilters & MoreFilters>) => onChange({ ...filters, ...patch });
  const has = (name: FilterName) => (shows as readonly FilterName[]).includes(name);

  const providerOptions = [ALL_PROVIDERS, ...lists.providers];
  // A provider chosen before a new import removed it, or while another location's list loads,
  // stays shown, so the select never lies.
  if (!providerOptions.includes(filters.provider)) providerOptions.push(filters.provider);
  const switches = has('includeScheduled') || has('includeSnoozed');

  return (
    <>
      {has('provider') && !held && (
        <ChoiceSelect
          label="Provider"
          options={providerOptions}
          value={filters.provider}
          onChange={(provider) => change({ provider })}
          nothingFound="No provider by that name"
          style={style('provider')}
        />
      )}
      {has('location') && withLocation && (
        <ChoiceSelect
          label="Location"
          options={[ALL_LOCATIONS, ...lists.locations]}
          value={filters.location}
          onChange={(location) => change({ location })}
          nothingFound="No location by that name"
          style={style('location')}
        />
      )}
      {has('year') && filters.year !== undefined && (
        <Select
          label="Year"
          data={lists.years.map(String)}
          value={String(filters.year)}
          onChange={(value) => value && change({ year: Number(value) })}
          allowDeselect={false}
          style={style('year')}
        />
      )}
      {has('assignedTo') && filters.assignedTo !== undefined && (
        <AssignedSelect
          value={filters.assignedTo}
          assignees={lists.assignees ?? []}
          onChange={(assignedTo) => change({ assignedTo })}
          style={style('assignedTo')}
        />
      )}
      {switches && (
        <Stack
          gap={layout === 'stack' ? 'sm' : 6}
          className={layout === 'stack' ? undefined : classes.switches}
        >
          {has('includeScheduled') && (
            <FilterSwitch
              idPrefix={id}
              label="Include patients with an appointment"
              hint={SCHEDULED_HINT}
              showHint={layout === 'stack'}
              checked={filters.includeScheduled ?? false}
              onChange={(includeScheduled) => change({ includeScheduled })}
            />
          )}
          {has('includeSnoozed') && (
            <FilterSwitch
              idPrefix={id}
              label="Include snoozed"
              hint={SNOOZED_HINT}
              showHint={layout === 'stack'}
              checked={filters.includeSnoozed ?? false}
              onChange={(includeSnoozed) => change({ includeSnoozed })}
            />
          )}
        </Stack>
      )}
    </>
  );
}

interface AssignedProps {
  value: string;
  assignees: readonly string[];
  onChange: (value: string) => void;
  style: CSSProperties | undefined;
}

/** Everyone, Me, Unassigned, then the active users; one no longer active stays while chosen. */
function AssignedSelect({ value, assignees, onChange, style }: AssignedProps) {
  const people =
    assignees.includes(value) || [EVERYONE, ME, UNASSIGNED].includes(value)
      ? assignees
      : [...assignees, value];
  const options = [
    { value: EVERYONE, label: 'Everyone' },
    { value: ME, label: 'Me' },
    { value: UNASSIGNED, label: 'Unassigned' },
    ...people.map((user) => ({ value: user, label: user })),
  ];
  return (
    <Select
      label="Assigned to"
      data={options}
      value={value}
      allowDeselect={false}
      searchable={options.length > 8}
      nothingFoundMessage="No user by that name"
      onChange={(next) => next && onChange(next)}
      style={style}
    />
  );
}
