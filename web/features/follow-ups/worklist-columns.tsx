import { Anchor, type TableTdProps } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { STAGE_NAMES, type WorklistPatient, type WorklistSort } from '../../../common/api/worklist';
import { formatCurrency, formatDate } from '../../../common/format';
import { lastContactText } from '../../components/case/words';
import type { Column } from '../../components/column-table';
import { PatientNameButton } from '../../components/patient-name-button';
import classes from './follow-ups.module.css';
import { ariaSort, type HeaderSorts, SortButton } from './sort-header';
import {
  FINANCING_APPROVED,
  financingApproved,
  lastContactShort,
  nextAppointment,
  providerAndLocation,
  shortDate,
} from './words';

export interface ColumnProps {
  onOpen: (name: string) => void;
  sort: WorklistSort;
  onSort: (sort: WorklistSort) => void;
  /** A case is open beside the list: only the columns that fit beside it. */
  compact: boolean;
  /** Whether a row can have a next appointment: only when patients with one are let in. */
  showNextAppointment: boolean;
  /** The day the list is counted to: a next follow-up after it is a snoozed row. */
  asOf: string;
}

/**
 * A column and its share of the table's width. The table lays out fixed, so a long value ends in
 * an ellipsis, its whole text on hover, rather than widening the table past its card or wrapping
 * a row onto more lines: a screen holds more patients. `width` is in pixels; the column without
 * one takes what is left.
 */
export type SizedColumn = Column<WorklistPatient> & { width?: number };

/**
 * What fits beside an open case without scrolling sideways; there Last Contact, not Procedure
 * Status, takes what is left.
 */
const COMPACT = new Set([
  'Patient Name',
  'Phone',
  'Stage',
  'Days Waiting',
  'Assigned To',
  'Last Contact',
  'Next Follow-up',
]);
const FILLS_BESIDE = 'Last Contact';
const NEXT_APPOINTMENT = 'Next Appointment';

/** The next follow-up, saying so when it is still to come: the row is snoozed until then. */
export const followUpText = (p: WorklistPatient, asOf: string, date: (day: string) => string = formatDate) =>
  p.next_follow_up === null
    ? '-'
    : p.next_follow_up > asOf
      ? `Snoozed until ${date(p.next_follow_up)}`
      : date(p.next_follow_up);

const right = { className: classes.number } as const;
/** One line, cut with an ellipsis; `whole` on hover. */
const clipped =
  (whole: (p: WorklistPatient) => string | null, more: TableTdProps = {}) =>
  (p: WorklistPatient): TableTdProps => ({
    ...more,
    className: `${classes.clip} ${more.className ?? ''}`,
    title: whole(p) ?? undefined,
  });

export function worklistColumns(props: ColumnProps): SizedColumn[] {
  const { compact, showNextAppointment } = props;
  return allColumns(props)
    .filter(
      (c) => (!compact || COMPACT.has(c.header)) && (showNextAppointment || c.header !== NEXT_APPOINTMENT),
    )
    .map((c) => (compact && c.header === FILLS_BESIDE ? { ...c, width: undefined } : c));
}

function allColumns({ onOpen, sort, onSort, asOf }: ColumnProps): SizedColumn[] {
  const sorted = (header: string, sorts: HeaderSorts, th: object = {}) => ({
    header,
    head: <SortButton label={header} sorts={sorts} sort={sort} onSort={onSort} />,
    th: { ...th, 'aria-sort': ariaSort(sorts, sort) },
  });
  return [
    {
      header: 'Patient Name',
      width: 134,
      cell: (p) => (
        <>
          <PatientNameButton name={p.patient_name} onOpen={onOpen} />
          {financingApproved(p) && (
            <span className={classes.approved}>
              <IconCircleCheck size={14} aria-hidden />
              {FINANCING_APPROVED}
            </span>
          )}
        </>
      ),
      td: { className: classes.nameCell },
    },
    {
      header: 'Phone',
      width: 118,
      // The number alone, no phone icon: the column stays narrow and the link's colour says it dials.
      cell: (p) =>
        p.phone ? (
          <Anchor href={telHref(p.phone)} fz="inherit">
            {p.phone}
          </Anchor>
        ) : (
          '-'
        ),
      td: clipped((p) => p.phone),
    },
    {
      header: 'Stage',
      width: 112,
      cell: (p) => STAGE_NAMES[p.stage],
      td: clipped((p) => STAGE_NAMES[p.stage]),
    },
    {
      ...sorted('Days Waiting', ['waiting', 'recent'], right),
      width: 78,
      cell: (p) => p.days_waiting,
      td: (p) => ({ ...right, title: `Since ${formatDate(p.since)}` }),
    },
    {
      header: 'Assigned To',
      width: 84,
      cell: (p) => p.assigned_to ?? '-',
      td: clipped((p) => p.assigned_to),
    },
    { header: 'Attempts', width: 70, cell: (p) => p.attempts, td: right, th: right },
    {
      header: 'Last Contact',
      width: 140,
      cell: (p) => lastContactShort(p.last_contact),
      td: clipped((p) => (p.last_contact ? lastContactText(p.last_contact) : null)),
    },
    {
      ...sorted('Next Follow-up', ['follow_up']),
      width: 90,
      cell: (p) => followUpText(p, asOf, shortDate),
      td: clipped((p) => (p.next_follow_up ? followUpText(p, asOf) : null)),
    },
    {
      // One column for both, cut at its end: the location is often plain from the provider.
      header: PROVIDER_LOCATION,
      width: 120,
      cell: (p) => providerAndLocation(p),
      td: clipped(providerAndLocation),
    },
    {
      // Where the person came from (section 19): a lead's first touch, which a patient keeps.
      header: 'Source',
      width: 92,
      cell: (p) => p.source ?? '-',
      td: clipped((p) => p.source),
    },
    // A new lead has no case yet: no status and no value.
    {
      header: 'Procedure Status',
      cell: (p) => p.procedure_status ?? '-',
      td: clipped((p) => p.procedure_status),
    },
    {
      ...sorted('Case Value', ['value'], right),
      width: 78,
      cell: (p) => formatCurrency(p.case_value),
      td: right,
    },
    {
      header: NEXT_APPOINTMENT,
      width: 96,
      cell: (p) => shortNextAppointment(p.next_appointment),
      td: clipped((p) => (p.next_appointment ? nextAppointment(p.next_appointment) : null)),
    },
  ];
}

const PROVIDER_LOCATION = 'Provider · Location';

/** A phone number as the link that dials it: its digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const shortNextAppointment = (value: string | null) =>
  value === null || value === 'TBD' ? nextAppointment(value) : shortDate(value);
