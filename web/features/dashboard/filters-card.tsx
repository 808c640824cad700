import { Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { dataThroughWords } from '../../../common/data-through';
import { formatDateTime } from '../../../common/format';
import { ChoiceSelect } from '../../components/choice-select';
import { FilterChangeNote } from '../../components/filter-change-note';
import { OwnPatientsNote } from '../../components/own-patients-note';
import { useHeldProvider } from '../../session/privacy';
import { useLastImport, useProviders } from './api';
import { ExportButtons } from './export-buttons';
import { ALL_LOCATIONS, ALL_PROVIDERS, type Filters } from './filters';

/** `11/22/2026, 9:15 PM`; 'Never' before the first import. */
export function formatImportDate(value: string | null): string {
  return value ? formatDateTime(value) : 'Never';
}

interface Props {
  filters: Filters;
  years: readonly number[];
  /** The server's locations; the Location select shows only when there are some. */
  locations: readonly string[];
  /** Why a filter changed on its own (a provider not at the location chosen), or null. */
  note?: string | null;
  onChange: (filters: Filters) => void;
}

// With a Location select the three share the row by these bases: on a phone Provider takes its
// own line and Location and Year share the next; without it the two selects keep their layout.
const FLEX = { provider: '2 1 200px', location: '2 1 150px', year: '1 1 90px' };

export function FiltersCard({ filters, years, locations, note = null, onChange }: Props) {
  // A provider held to their own patients has no choice of provider: the server would ignore it.
  const held = useHeldProvider();
  const providers = useProviders(filters.location);
  const withLocation = locations.length > 0;
  const locationOptions = [ALL_LOCATIONS, ...locations];
  const lastImport = useLastImport();
  const providerOptions = [ALL_PROVIDERS, ...(providers.data?.providers ?? [])];
  // A provider chosen before a new import removed it stays selectable, so the select never lies.
  if (!providerOptions.includes(filters.provider)) providerOptions.push(filters.provider);

  return (
    <Card component="section" aria-labelledby="dashboard-filters-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id="dashboard-filters-title">
            Dashboard Filters
          </Title>
          <Group gap="md" wrap="wrap">
            {/* How far the data goes, which is not when it was imported (section 6.6). */}
            {lastImport.isSuccess && lastImport.data.last_import_date !== null && (
              <Text size="sm" fw={600}>
                {dataThroughWords(lastImport.data.data_through)}
              </Text>
            )}
            <Text size="sm" c="dimmed" component="div">
              Last Data Import:{' '}
              {lastImport.isPending ? (
                <Skeleton
                  component="span"
                  display="inline-block"
                  height={14}
                  width={140}
                  aria-label="Loading"
                />
              ) : (
                <Text span size="sm" c="var(--mantine-color-text)" fw={500}>
                  {lastImport.isError ? '-' : formatImportDate(lastImport.data?.last_import_date ?? null)}
                </Text>
              )}
            </Text>
          </Group>
        </Group>
        <Group align="flex-end" justify="space-between" gap="md">
          <Group
            align="flex-end"
            gap="md"
            grow
            preventGrowOverflow={false}
            style={{ flex: '1 1 320px', maxWidth: withLocation ? 720 : 520 }}
          >
            {!held && (
              <ChoiceSelect
                label="Provider"
                options={providerOptions}
                value={filters.provider}
                onChange={(provider) => onChange({ ...filters, provider })}
                nothingFound="No provider by that name"
                style={withLocation ? { flex: FLEX.provider } : { flexGrow: 2 }}
              />
            )}
            {withLocation && (
              <ChoiceSelect
                label="Location"
                options={locationOptions}
                value={filters.location}
                onChange={(location) => onChange({ ...filters, location })}
                nothingFound="No location by that name"
                style={{ flex: FLEX.location }}
              />
            )}
            <Select
              label="Year"
              data={years.map(String)}
              value={String(filters.year)}
              onChange={(value) => value && onChange({ ...filters, year: Number(value) })}
              allowDeselect={false}
              style={withLocation ? { flex: FLEX.year } : undefined}
            />
          </Group>
          <ExportButtons filters={filters} />
        </Group>
        {note && <FilterChangeNote note={note} />}
        {held && <OwnPatientsNote provider={held.provider} />}
      </Stack>
    </Card>
  );
}
