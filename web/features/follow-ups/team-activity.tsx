import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { CLOSE_REASON_NAMES, CLOSE_REASONS, type TeamCounts } from '../../../common/api/activities';
import { localDay } from '../../../common/calendar-day';
import { formatDate } from '../../../common/format';
import { QueryStatus } from '../../components/query-status';
import { ScrollTable } from '../../components/scroll-table';
import { useTeamSummary } from './api';
import classes from './follow-ups.module.css';

// recharts is large: the chart loads in its own chunk after the table is on screen.
const LazyTeamChart = lazy(() => import('./team-chart').then((m) => ({ default: m.TeamBarChart })));

export const NO_TEAM_ACTIVITY = 'Nothing recorded in these dates. Pick a wider range to see more.';

const COLUMNS: readonly (readonly [keyof TeamCounts, string])[] = [
  ['contacts', 'Contacts'],
  ['reached', 'Reached'],
  ['scheduled', 'Scheduled'],
  ['notes', 'Notes'],
  ['financing', 'Financing'],
  ['closed', 'Closed'],
];

/** The first of this month and today, the server's own default range. */
export function thisMonth(now = new Date()) {
  const today = localDay(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Who did what between two days (managers and admins; docs/screens.md, Follow-ups). */
export function TeamActivityCard() {
  const [range, setRange] = useState(thisMonth);
  const problem = range.from && range.to && range.from > range.to ? 'To must be on or after From' : undefined;
  const summary = useTeamSummary(range, !problem);
  const data = summary.data;
  return (
    <Card component="section" aria-labelledby="follow-ups-team-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={2} size="h4" id="follow-ups-team-title">
              Team activity
            </Title>
            {data && (
              <Text size="sm" c="dimmed">
                {formatDate(data.from)} to {formatDate(data.to)}
              </Text>
            )}
          </div>
          <Group gap="sm" align="flex-start">
            <TextInput
              type="date"
              label="From"
              value={range.from}
              max={range.to || undefined}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={range.to}
              min={range.from || undefined}
              error={problem}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            />
          </Group>
        </Group>
        <QueryStatus query={summary} loading="Loading team activity" failed="Failed to load team activity" />
        {data &&
          (data.users.length === 0 ? (
            <Text size="sm" c="dimmed">
              {NO_TEAM_ACTIVITY}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
              <Stack gap="sm">
                <ScrollTable label="Team activity table" minWidth={520}>
                  <Table striped tabularNums verticalSpacing={6} aria-labelledby="follow-ups-team-title">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>User</Table.Th>
                        {COLUMNS.map(([key, label]) => (
                          <Table.Th key={key} className={classes.number}>
                            {label}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.users.map((row) => (
                        <Table.Tr key={row.user}>
                          <Table.Td>{row.user}</Table.Td>
                          {COLUMNS.map(([key]) => (
                            <Table.Td key={key} className={classes.number}>
                              {row[key]}
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                    <Table.Tfoot>
                      <Table.Tr>
                        <Table.Th scope="row">Total</Table.Th>
                        {COLUMNS.map(([key]) => (
                          <Table.Td key={key} className={classes.number} fw={600}>
                            {data.totals[key]}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    </Table.Tfoot>
                  </Table>
                </ScrollTable>
                <Text size="sm">
                  <Text span fw={600}>
                    Close reasons:
                  </Text>{' '}
                  {CLOSE_REASONS.filter((r) => data.close_reasons[r] > 0)
                    .map((r) => `${CLOSE_REASON_NAMES[r]} ${data.close_reasons[r]}`)
                    .join(', ') || 'none'}
                </Text>
              </Stack>
              <Box
                role="img"
                aria-label="Bar chart of contacts, reached, scheduled and closed per person. The table has the exact figures."
              >
                <Suspense fallback={<Skeleton height={200} aria-hidden />}>
                  <LazyTeamChart users={data.users} />
                </Suspense>
              </Box>
            </SimpleGrid>
          ))}
      </Stack>
    </Card>
  );
}
