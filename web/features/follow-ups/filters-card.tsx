import { Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useHeldProvider } from '../../app/privacy';
import { ChoiceSelect } from '../../components/choice-select';
import { FilterChangeNote } from '../../components/filter-change-note';
import { OwnPatientsNote } from '../../components/own-patients-note';
import { ExportButton } from './export-button';
import { ALL_LOCATIONS, ALL_PROVIDERS, EVERYONE, type Filters, ME, UNASSIGNED } from './filters';

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
}

/** Provider and Location as the Dashboard offers them, the appointment switch, and the export. */
export function FiltersCard({ filters, providers, locations, note = null, onChange, assignees }: Props) {
  // A provider held to their own patients has no choice of provider: the server would ignore it.
  const held = useHeldProvider();
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

  return (
    <Card component="section" aria-labelledby="follow-ups-filters-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="follow-ups-filters-title">
          Worklist Filters
        </Title>
        <Group align="flex-end" justify="space-between" gap="md">
          <Group align="flex-end" gap="md" grow preventGrowOverflow={false} style={{ flex: '1 1 320px' }}>
            {!held && (
              <ChoiceSelect
                label="Provider"
                options={providerOptions}
                value={filters.provider}
                onChange={(provider) => onChange({ ...filters, provider })}
                nothingFound="No provider by that name"
                style={{ flex: '2 1 200px', maxWidth: 360 }}
              />
            )}
            {locations.length > 0 && (
              <ChoiceSelect
                label="Location"
                options={locationOptions}
                value={filters.location}
                onChange={(location) => onChange({ ...filters, location })}
                nothingFound="No location by that name"
                style={{ flex: '2 1 200px', maxWidth: 360 }}
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
              style={{ flex: '2 1 200px', maxWidth: 360 }}
            />
          </Group>
          <ExportButton filters={filters} />
        </Group>
        {note && <FilterChangeNote note={note} />}
        {held && <OwnPatientsNote provider={held.provider} />}
        <div>
          {/* The hint is its own line, not Mantine's description, which would join the switch's name. */}
          <Switch
            label="Include patients with an appointment"
            aria-describedby="follow-ups-scheduled-hint"
            checked={filters.includeScheduled}
            onChange={(event) => onChange({ ...filters, includeScheduled: event.currentTarget.checked })}
          />
          <Text id="follow-ups-scheduled-hint" size="xs" c="dimmed" mt={4}>
            When off, patients with an appointment booked (dated or TBD) are left out: they are on the books.
          </Text>
        </div>
        <div>
          <Switch
            label="Include snoozed"
            aria-describedby="follow-ups-snoozed-hint"
            checked={filters.includeSnoozed}
            onChange={(event) => onChange({ ...filters, includeSnoozed: event.currentTarget.checked })}
          />
          <Text id="follow-ups-snoozed-hint" size="xs" c="dimmed" mt={4}>
            When off, patients whose next follow-up is still to come are left out until that day.
          </Text>
        </div>
      </Stack>
    </Card>
  );
}
