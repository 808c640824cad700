import { Box, Button, Card, Group, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { WorklistResponse, WorklistSort } from '../../../common/api/worklist';
import { QueryStatus } from '../../components/query-status';
import classes from './follow-ups.module.css';
import { SortSelect } from './sort-header';
import { patientCount } from './words';
import { WorklistTable } from './worklist-table';

export const NO_STALLED_CASES = 'No stalled cases. Nice work.';
const TITLE = 'Stalled Cases';

interface Props {
  worklist: UseQueryResult<WorklistResponse>;
  onOpen: (name: string) => void;
  openName: string | null;
  sort: WorklistSort;
  onSort: (sort: WorklistSort) => void;
  /** Asks for the next page of the list. */
  onMore: () => void;
  /** The row the user was last at, marked while no case is open. */
  lastName: string | null;
  /** A case is open beside the list. */
  compact: boolean;
  /** One card per patient rather than a table. */
  phone: boolean;
  /** Patients with an appointment are let in, so the Next Appointment column can hold one. */
  showNextAppointment: boolean;
}

/** The patients of the selection, or why there are none to show. */
export function Worklist({ worklist, onMore, ...shown }: Props) {
  const { sort, onSort } = shown;
  const patients = worklist.data?.patients;
  const total = worklist.data?.total ?? 0;
  // While the next selection loads, the last one stays on screen, faded and marked busy.
  const stale = worklist.isPlaceholderData;
  return (
    <Card component="section" aria-labelledby="follow-ups-list-title" padding={shown.phone ? 'sm' : 'md'}>
      {/* The order is a select beside the title: every order, those no header sorts by too. */}
      <Group justify="space-between" align="center" mb="xs" gap="xs" className={classes.listHead}>
        <Group align="baseline" gap="sm" wrap="nowrap">
          <Title order={2} size="h4" id="follow-ups-list-title">
            {TITLE}
          </Title>
          {patients && patients.length > 0 && (
            <Text size="sm" c="dimmed" className={classes.oneLine}>
              <span>{patientCount(total)}</span>
              {/* Beside a case, or on a phone's cards, there is no room for it. */}
              {!shown.phone && !shown.compact && <span>. Select a patient to open their case.</span>}
            </Text>
          )}
        </Group>
        <SortSelect sort={sort} onSort={onSort} />
      </Group>
      <QueryStatus
        query={worklist}
        loading="Loading the worklist"
        failed="Failed to load the worklist"
        rows={6}
      />
      {patients && !worklist.isError && (
        <Box aria-busy={stale} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {patients.length === 0 ? (
            <Text c="dimmed" size="sm" py="md">
              {NO_STALLED_CASES}
            </Text>
          ) : (
            <>
              <WorklistTable {...shown} patients={patients} label={TITLE} asOf={worklist.data?.as_of ?? ''} />
              {patients.length < total && (
                <Group justify="space-between" mt="sm" gap="sm">
                  <Text size="sm" c="dimmed" aria-live="polite">
                    Showing the first {patients.length} of {total}. Export Worklist has them all.
                  </Text>
                  <Button variant="default" onClick={onMore} loading={stale}>
                    Show more
                  </Button>
                </Group>
              )}
            </>
          )}
        </Box>
      )}
    </Card>
  );
}
