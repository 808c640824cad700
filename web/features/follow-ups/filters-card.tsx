import { Button, Card, Collapse, Group, Select, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { ChoiceSelect } from '../../components/choice-select';
import { FilterChangeNote } from '../../components/filter-change-note';
import { OwnPatientsNote } from '../../components/own-patients-note';
import { useHeldProvider } from '../../session/privacy';
import { ExportButton } from './export-button';
import { FilterSwitch } from './filter-switch';
import {
  ALL_LOCATIONS,
  ALL_PROVIDERS,
  activeFilterCount,
  EVERYONE,
  type Filters,
  ME,
  UNASSIGNED,
} from './filters';
import classes from './follow-ups.module.css';

interface Props {
  filters: Filters;
  providers: readonly string[];
  /** The server's locations; the Location select shows only when there are some. */
  locations: readonly string[];
  /** Why a filter changed on its own (a provider not at the location chosen), or null. */
  note?: string | null;
  onChange: (filters: Filters) => void;
  /** The active users, for 'Assigned to'. */
  assignees: readonly string[];
  /** On a phone the filters wait behind a Filters button, so the list starts on the first screen. */
  phone?: boolean;
}

const TITLE_ID = 'follow-ups-filters-title';
const FIELDS_ID = 'follow-ups-filters';

export const SCHEDULED_HINT =
  'When off, patients with an appointment booked (dated or TBD) are left out: they are on the books.';
export const SNOOZED_HINT =
  'When off, patients whose next follow-up is still to come are left out until that day.';

/**
 * Provider, Location and Assigned to as the Dashboard offers them, the two switches, and the export:
 * one line on a desktop; on a phone a section opened by a button that says how many are set. The
 * lines that say why a filter changed, or whose patients these are, show either way.
 */
export function FiltersCard({ phone = false, ...props }: Props) {
  const { filters, note = null } = props;
  // A provider held to their own patients has no choice of provider: the server would ignore it.
  const held = useHeldProvider();
  const [open, setOpen] = useState(false);
  const notes = (
    <>
      {note && <FilterChangeNote note={note} />}
      {held && <OwnPatientsNote provider={held.provider} />}
    </>
  );
  const title = (
    <VisuallyHidden>
      <Title order={2} id={TITLE_ID}>
        Worklist Filters
      </Title>
    </VisuallyHidden>
  );
  if (!phone)
    return (
      <Card component="section" aria-labelledby={TITLE_ID} padding="sm">
        {title}
        <Group align="flex-end" gap="md" wrap="wrap">
          <Fields {...props} held={held !== null} phone={false} />
          <div className={classes.pushRight}>
            <ExportButton filters={filters} />
          </div>
        </Group>
        {(note || held) && (
          <Stack gap="xs" mt="xs">
            {notes}
          </Stack>
        )}
      </Card>
    );

  const count = activeFilterCount(filters, held === null);
  return (
    <section aria-labelledby={TITLE_ID}>
      {title}
      <Button
        variant="default"
        size="sm"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={14}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={open}
        aria-controls={FIELDS_ID}
        onClick={() => setOpen(!open)}
      >
        {count === 0 ? 'Filters' : `Filters · ${count} active`}
      </Button>
      <Collapse expanded={open} id={FIELDS_ID}>
        <Card mt="xs" padding="md">
          <Stack gap="sm">
            <Fields {...props} held={held !== null} phone />
            <div>
              <ExportButton filters={filters} />
            </div>
          </Stack>
        </Card>
      </Collapse>
      {(note || held) && (
        <Stack gap="xs" mt="xs">
          {notes}
        </Stack>
      )}
    </section>
  );
}

/** The selects and switches themselves, laid out by the caller's Group or Stack. */
function Fields({
  filters,
  providers,
  locations,
  onChange,
  assignees,
  held,
  phone,
}: Omit<Props, 'note'> & { held: boolean; phone: boolean }) {
  const providerOptions = [ALL_PROVIDERS, ...providers];
  // While another location's list loads, the chosen provider stays shown rather than blank.
  if (!providerOptions.includes(filters.provider)) providerOptions.push(filters.provider);
  const locationOptions = [ALL_LOCATIONS, ...locations];
  const people =
    assignees.includes(filters.assignedTo) || [EVERYONE, ME, UNASSIGNED].includes(filters.assignedTo)
      ? assignees
      : [...assignees, filters.assignedTo];
  const assignedOptions = [
    { value: EVERYONE, label: 'Everyone' },
    { value: ME, label: 'Me' },
    { value: UNASSIGNED, label: 'Unassigned' },
    ...people.map((user) => ({ value: user, label: user })),
  ];
  const select = phone ? undefined : { flex: '1 1 170px', maxWidth: 250 };
  return (
    <>
      {!held && (
        <ChoiceSelect
          label="Provider"
          options={providerOptions}
          value={filters.provider}
          onChange={(provider) => onChange({ ...filters, provider })}
          nothingFound="No provider by that name"
          style={select}
        />
      )}
      {locations.length > 0 && (
        <ChoiceSelect
          label="Location"
          options={locationOptions}
          value={filters.location}
          onChange={(location) => onChange({ ...filters, location })}
          nothingFound="No location by that name"
          style={select}
        />
      )}
      <Select
        label="Assigned to"
        data={assignedOptions}
        value={filters.assignedTo}
        allowDeselect={false}
        searchable={assignedOptions.length > 8}
        nothingFoundMessage="No user by that name"
        onChange={(assignedTo) => assignedTo && onChange({ ...filters, assignedTo })}
        style={select ? { ...select, maxWidth: 180 } : undefined}
      />
      {/* On a desktop the switches sit level with the selects' boxes, below their labels. */}
      <Stack gap={phone ? 'sm' : 6} className={phone ? undefined : classes.switches}>
        <FilterSwitch
          label="Include patients with an appointment"
          hint={SCHEDULED_HINT}
          showHint={phone}
          checked={filters.includeScheduled}
          onChange={(includeScheduled) => onChange({ ...filters, includeScheduled })}
        />
        <FilterSwitch
          label="Include snoozed"
          hint={SNOOZED_HINT}
          showHint={phone}
          checked={filters.includeSnoozed}
          onChange={(includeSnoozed) => onChange({ ...filters, includeSnoozed })}
        />
      </Stack>
    </>
  );
}
