import { Fragment } from 'react';
import { formatCurrency, formatDate } from '../../../common/format';
import type { Column } from '../../components/column-table';
import { PatientNameButton } from '../../components/patient-name-button';
import type { DetailData } from './api';
import classes from './dashboard.module.css';

const num = { className: classes.number };
const one = { className: classes.oneLine };
const wide = { className: classes.wrapWide };

type Rows<K extends DetailData['kind']> = Extract<DetailData, { kind: K }>['rows'][number];

const PATIENT = 'Patient Name';
const PROVIDER = 'Provider';
/** The columns a phone keeps in a column of their own, at the right of each row: value and date. */
const FIGURES = new Set(['Case Value', 'Date', 'Appointment Date']);

const patient = <R extends { patient_name: string }>(onOpen: (name: string) => void): Column<R> => ({
  header: PATIENT,
  cell: (r) => <PatientNameButton name={r.patient_name} onOpen={onOpen} />,
  td: { className: classes.patientName },
  th: one,
});
const provider = <R extends { provider: string }>(): Column<R> => ({
  header: PROVIDER,
  cell: (r) => r.provider,
  td: one,
});
const caseValue = <R extends { case_value: number }>(): Column<R> => ({
  header: 'Case Value',
  cell: (r) => formatCurrency(r.case_value),
  td: num,
  th: { className: `${classes.number} ${classes.oneLine}` },
});
const date = <R extends { date: string | null }>(): Column<R> => ({
  header: 'Date',
  cell: (r) => formatDate(r.date),
  td: one,
});

type CaseRow = { patient_name: string; provider: string; case_value: number; date: string | null };
/** Arch cases and pending finance cases: the same columns, each list with its own status field. */
const cases = <R extends CaseRow>(onOpen: (name: string) => void, status: (row: R) => string) => ({
  noun: 'case',
  columns: [
    patient<R>(onOpen),
    caseValue<R>(),
    date<R>(),
    { header: 'Status', cell: status, td: wide },
    provider<R>(),
  ],
});

export interface DetailList<R> {
  noun: string;
  columns: Column<R>[];
}

type Lists = { [K in DetailData['kind']]: DetailList<Rows<K>> };

/**
 * The same facts in two columns, so a phone shows every row without scrolling sideways: the name
 * with the other words (status, procedure, provider) in a quiet line under it, and the value and
 * date one above the other at the right.
 */
export function stacked<R>(columns: readonly Column<R>[]): Column<R>[] {
  const name = columns.find((c) => c.header === PATIENT);
  const figures = columns.filter((c) => FIGURES.has(c.header));
  const words = columns.filter((c) => c !== name && !FIGURES.has(c.header));
  if (!name) return [...columns];
  return [
    {
      header: PATIENT,
      cell: (r) => (
        <>
          {name.cell(r)}
          {words.length > 0 && (
            <span className={classes.detailWords}>
              {words.map((c, i) => (
                <Fragment key={c.header}>
                  {i > 0 && ' · '}
                  {c.cell(r)}
                </Fragment>
              ))}
            </span>
          )}
        </>
      ),
      td: { className: classes.stackedName },
      th: one,
    },
    {
      header: figures.map((c) => c.header).join(', '),
      head: figures.map((c) => (
        <span key={c.header} className={classes.stackedLine}>
          {c.header}
        </span>
      )),
      cell: (r) =>
        figures.map((c) => (
          <span key={c.header} className={classes.stackedLine}>
            {c.cell(r)}
          </span>
        )),
      td: num,
      th: num,
    },
  ];
}

/**
 * The columns of each list (docs/screens.md, Detail modal): the name, value and date first, so
 * what matters comes first; the provider last, and only when the list spans providers (a list of
 * one provider's patients would repeat the name in every row). On a phone the same columns are
 * stacked into two.
 */
export function detailLists(onOpen: (name: string) => void, oneProvider: boolean, phone: boolean): Lists {
  const lists: Lists = {
    consults: {
      noun: 'consult',
      columns: [patient(onOpen), date(), { header: 'Status', cell: (r) => r.status, td: one }, provider()],
    },
    arch_cases: cases(onOpen, (r) => r.status),
    future_cases: {
      noun: 'treatment',
      columns: [
        patient(onOpen),
        caseValue(),
        {
          header: 'Appointment Date',
          cell: (r) => (r.appt_date ? formatDate(r.appt_date) : 'TBD'),
          td: one,
          th: one,
        },
        { header: 'Procedure', cell: (r) => r.procedure, td: wide },
        provider(),
      ],
    },
    pending_finance: cases(onOpen, (r) => r.procedure_status),
  };
  const shape = <R,>(list: DetailList<R>): DetailList<R> => {
    const columns = oneProvider ? list.columns.filter((c) => c.header !== PROVIDER) : list.columns;
    return { ...list, columns: phone ? stacked(columns) : columns };
  };
  return {
    consults: shape(lists.consults),
    arch_cases: shape(lists.arch_cases),
    future_cases: shape(lists.future_cases),
    pending_finance: shape(lists.pending_finance),
  };
}
