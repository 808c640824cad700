import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { STAGE_NAMES, type WorklistPatient } from '../../../common/api/worklist';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import { PatientNameButton } from '../../components/patient-name-button';
import { ScrollTable } from '../../components/scroll-table';
import { formatCurrency, formatDate } from '../../lib/format';
import classes from './follow-ups.module.css';
import { daysWaiting, locationText, nextAppointment } from './words';

interface Props {
  patients: readonly WorklistPatient[];
  /** Opens the patient in Patient Lookup. */
  onOpen: (name: string) => void;
  /** Names the table (or the list on a phone). */
  label: string;
}

/** The rows in the server's order (longest waiting first); on a phone one card per patient. */
export function WorklistTable(props: Props) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? <WorklistCards {...props} /> : <WorklistRows {...props} />;
}

const right = { className: classes.number } as const;
const oneLine = { className: classes.oneLine } as const;

function columns(onOpen: Props['onOpen']): Column<WorklistPatient>[] {
  return [
    {
      header: 'Patient Name',
      cell: (p) => <PatientNameButton name={p.patient_name} onOpen={onOpen} />,
      td: { miw: 170 },
    },
    { header: 'Stage', cell: (p) => STAGE_NAMES[p.stage], td: oneLine },
    { header: 'Days Waiting', cell: (p) => p.days_waiting, td: right, th: right },
    { header: 'Since', cell: (p) => formatDate(p.since), td: oneLine },
    { header: 'Provider', cell: (p) => p.provider, td: { miw: 150 } },
    {
      header: 'Location',
      cell: (p) => locationText(p.location),
      td: (p) => ({ c: p.location === null ? 'dimmed' : undefined }),
    },
    { header: 'Procedure Status', cell: (p) => p.procedure_status, td: { miw: 200 } },
    { header: 'Case Value', cell: (p) => formatCurrency(p.case_value), td: right, th: right },
    { header: 'Next Appointment', cell: (p) => nextAppointment(p.next_appointment), td: oneLine },
  ];
}

function WorklistRows({ patients, onOpen, label }: Props) {
  return (
    <ScrollTable label={label} minWidth={1120} maxHeight={600}>
      <Table striped highlightOnHover verticalSpacing="xs" stickyHeader aria-label={label}>
        <ColumnRows columns={columns(onOpen)} rows={patients} rowKey={byIndex} />
      </Table>
    </ScrollTable>
  );
}

function WorklistCards({ patients, onOpen, label }: Props) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {patients.map((p, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never rearranged here
        <Paper component="li" key={index} withBorder p="sm">
          <Stack gap={4}>
            <Text component="h3" fw={600} m={0}>
              <PatientNameButton name={p.patient_name} onOpen={onOpen} />
            </Text>
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={500}>
                {STAGE_NAMES[p.stage]}
              </Text>
              <Text size="sm" className={classes.number}>
                {daysWaiting(p.days_waiting)}, since {formatDate(p.since)}
              </Text>
            </Group>
            <Text size="sm">Next appointment: {nextAppointment(p.next_appointment)}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {p.provider} · {locationText(p.location)}
            </Text>
            <Text size="sm">Case value: {formatCurrency(p.case_value)}</Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
