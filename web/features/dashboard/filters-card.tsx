import { Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLastImport, useProviders } from './api';
import { ExportButtons } from './export-buttons';
import { ALL_PROVIDERS, type Filters } from './filters';

const importedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `Nov 22, 2026, 9:15 PM`; 'Never' before the first import. */
export function formatImportDate(value: string | null): string {
  if (!value) return 'Never';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : importedAt.format(date);
}

interface Props {
  filters: Filters;
  years: readonly number[];
  onChange: (filters: Filters) => void;
}

export function FiltersCard({ filters, years, onChange }: Props) {
  const providers = useProviders();
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
                {lastImport.isError ? '-' : formatImportDate(lastImport.data ?? null)}
              </Text>
            )}
          </Text>
        </Group>
        <Group align="flex-end" justify="space-between" gap="md">
          <Group
            align="flex-end"
            gap="md"
            grow
            preventGrowOverflow={false}
            style={{ flex: '1 1 320px', maxWidth: 520 }}
          >
            <Select
              label="Provider"
              data={providerOptions}
              value={filters.provider}
              onChange={(value) => value && onChange({ ...filters, provider: value })}
              allowDeselect={false}
              searchable={providerOptions.length > 8}
              nothingFoundMessage="No provider by that name"
              style={{ flexGrow: 2 }}
            />
            <Select
              label="Year"
              data={years.map(String)}
              value={String(filters.year)}
              onChange={(value) => value && onChange({ ...filters, year: Number(value) })}
              allowDeselect={false}
            />
          </Group>
          <ExportButtons filters={filters} />
        </Group>
      </Stack>
    </Card>
  );
}
