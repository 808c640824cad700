import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { STAGE_NAMES, type WorklistPatient, type WorklistSort } from '../../../common/api/worklist';
import { formatCurrency, formatDate } from '../../../common/format';
import { PhoneLink } from '../../components/case/case-work';
import { lastContactText } from '../../components/case/words';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import { PatientNameButton } from '../../components/patient-name-button';
import { ScrollTable } from '../../components/scroll-table';
import classes from './follow-ups.module.css';
import { ariaSort, type HeaderSorts, SortButton, SortSelect } from './sort-header';
import { daysWaiting, locationText, nextAppointment } from './words';

interface Props {
  patients: readonly WorklistPatient[];
  /** Opens the patient's case. */
  onOpen: (name: string) => void;
  /** The patient whose case is open, marked in the list. */
  openName: string | null;
  sort: WorklistSort;
  onSort: (sort: WorklistSort) => void;
  /** Names the table (or the list on a phone). */
  label: string;
  /** The row the user was last at (docs/screens.md, Follow-ups), marked while no case is open. */
  lastName: string | null;
  /** A case is open beside the list: only the columns that fit beside it. */
  compact: boolean;
  /** Whether a row can have a next appointment: only when patients with one are let in. */
  showNextAppointment: boolean;
  /** The day the list is counted to: a next follow-up after it is a snoozed row. */
  asOf: string;
}

/** The rows in the server's order; on a phone one card per patient. */
export function WorklistTable(props: Props) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? <WorklistCards {...props} /> : <WorklistRows {...props} />;
}

const right = { className: classes.number } as const;
const oneLine = { className: classes.oneLine } as const;
const orDash = (text: string | null) => text ?? '-';

/** What fits beside an open case without scrolling sideways. */
const COMPACT = new Set(['Patient Name', 'Stage', 'Days Waiting', 'Assigned To', 'Next Follow-up']);
const NEXT_APPOINTMENT = 'Next Appointment';

/** The next follow-up, saying so when it is still to come: the row is snoozed until then. */
const followUpText = (p: WorklistPatient, asOf: string) =>
  p.next_follow_up === null
    ? '-'
    : p.next_follow_up > asOf
      ? `Snoozed until ${formatDate(p.next_follow_up)}`
      : formatDate(p.next_follow_up);

/** How a row is marked: its case open, the row the user was last at, or neither. */
function rowClass(p: WorklistPatient, { openName, lastName }: Props): string | undefined {
  if (p.patient_name === openName) return classes.openRow;
  if (openName === null && p.patient_name === lastName) return classes.lastRow;
  return undefined;
}

/** Beside an open case these wrap (a long username, `Snoozed until …`) rather than widen the list. */
const WRAP_BESIDE = new Set(['Assigned To', 'Next Follow-up']);
const wraps = { style: { overflowWrap: 'anywhere' } } as const;

function columns(props: Props): Column<WorklistPatient>[] {
  const { compact, showNextAppointment } = props;
  return allColumns(props)
    .filter(
      (c) => (!compact || COMPACT.has(c.header)) && (showNextAppointment || c.header !== NEXT_APPOINTMENT),
    )
    .map((c) => {
      if (!compact) return c;
      if (WRAP_BESIDE.has(c.header)) return { ...c, td: wraps };
      return c.header === 'Patient Name' ? { ...c, td: { miw: 120 } } : c;
    });
}

function allColumns({ onOpen, sort, onSort, asOf }: Props): Column<WorklistPatient>[] {
  const sorted = (header: string, sorts: HeaderSorts, th: object = {}) => ({
    header,
    head: <SortButton label={header} sorts={sorts} sort={sort} onSort={onSort} />,
    th: { ...th, 'aria-sort': ariaSort(sorts, sort) },
  });
  return [
    {
      header: 'Patient Name',
      cell: (p) => <PatientNameButton name={p.patient_name} onOpen={onOpen} />,
      td: { miw: 170 },
    },
    { header: 'Phone', cell: (p) => (p.phone ? <PhoneLink phone={p.phone} /> : '-'), td: oneLine },
    { header: 'Stage', cell: (p) => STAGE_NAMES[p.stage], td: oneLine },
    { ...sorted('Days Waiting', ['waiting', 'recent'], right), cell: (p) => p.days_waiting, td: right },
    { header: 'Since', cell: (p) => formatDate(p.since), td: oneLine },
    { header: 'Assigned To', cell: (p) => orDash(p.assigned_to), td: oneLine, th: oneLine },
    { header: 'Attempts', cell: (p) => p.attempts, td: right, th: right },
    { header: 'Last Contact', cell: (p) => lastContactText(p.last_contact), td: oneLine },
    {
      ...sorted('Next Follow-up', ['follow_up']),
      cell: (p) => followUpText(p, asOf),
      td: oneLine,
    },
    { header: 'Provider', cell: (p) => p.provider, td: { miw: 150 } },
    {
      header: 'Location',
      cell: (p) => locationText(p.location),
      td: (p) => ({ c: p.location === null ? 'dimmed' : undefined }),
    },
    { header: 'Procedure Status', cell: (p) => p.procedure_status, td: { miw: 200 } },
    { ...sorted('Case Value', ['value'], right), cell: (p) => formatCurrency(p.case_value), td: right },
    { header: NEXT_APPOINTMENT, cell: (p) => nextAppointment(p.next_appointment), td: oneLine },
  ];
}

function WorklistRows(props: Props) {
  const { patients, onOpen, openName, label, compact } = props;
  // The rows scroll with the page; only a table wider than its card scrolls sideways.
  return (
    <ScrollTable label={label} minWidth={compact ? 560 : 1800}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        className={compact ? classes.besideTable : undefined}
      >
        <ColumnRows
          columns={columns(props)}
          rows={patients}
          rowKey={byIndex}
          // A click anywhere on the row opens the case; the keyboard opens it with the name's button.
          rowProps={(p) => ({
            className: `${classes.clickRow} ${rowClass(p, props) ?? ''}`,
            'data-patient': p.patient_name,
            'aria-current': p.patient_name === openName ? 'true' : undefined,
            onClick: (event) => {
              if (!(event.target as HTMLElement).closest('a, button')) onOpen(p.patient_name);
            },
          })}
        />
      </Table>
    </ScrollTable>
  );
}

function WorklistCards(props: Props) {
  const { patients, onOpen, sort, onSort, label, showNextAppointment, asOf } = props;
  return (
    <>
      <SortSelect sort={sort} onSort={onSort} />
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {patients.map((p, index) => (
          <Paper
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never rearranged here
            key={index}
            withBorder
            p="sm"
            className={rowClass(p, props)}
            data-patient={p.patient_name}
          >
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                <Text component="h3" fw={600} m={0}>
                  <PatientNameButton name={p.patient_name} onOpen={onOpen} />
                </Text>
                {p.phone && <PhoneLink phone={p.phone} />}
              </Group>
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={500}>
                  {STAGE_NAMES[p.stage]}
                </Text>
                <Text size="sm" className={classes.number}>
                  {daysWaiting(p.days_waiting)}, since {formatDate(p.since)}
                </Text>
              </Group>
              <Text size="sm">Assigned to: {p.assigned_to ?? 'Unassigned'}</Text>
              <Text size="sm">Last contact: {lastContactText(p.last_contact)}</Text>
              <Text size="sm">Next follow-up: {followUpText(p, asOf)}</Text>
              {showNextAppointment && (
                <Text size="sm">Next appointment: {nextAppointment(p.next_appointment)}</Text>
              )}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {p.provider} · {locationText(p.location)}
              </Text>
              <Text size="sm">Case value: {formatCurrency(p.case_value)}</Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
