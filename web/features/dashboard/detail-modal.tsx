import { Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import { formatCurrency, formatDate } from '../../lib/format';
import { type DetailData, useDetails } from './api';
import classes from './dashboard.module.css';
import { type DetailRequest, detailTitle } from './detail-request';
import { EmptyState, TableSkeleton } from './parts';

interface Props {
  opened: boolean;
  /** Kept while the modal fades out, so its content does not vanish mid-close. */
  request: DetailRequest | null;
  onClose: () => void;
}

/** The patients behind a figure. Close, the X, Escape and a click on the overlay all close it. */
export function DetailModal({ opened, request, onClose }: Props) {
  // A phone gives the rows nearly the whole width (the overlay stays around it, so a tap outside
  // still closes it); a desktop a wide box, so names do not wrap.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened && request !== null}
      onClose={onClose}
      title={request ? detailTitle(request) : ''}
      closeButtonProps={{ 'aria-label': 'Close details' }}
      size={phone ? '100%' : '72rem'}
    >
      {request && <DetailBody request={request} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

function DetailBody({ request }: { request: DetailRequest }) {
  const details = useDetails(request);
  if (details.isPending) return <TableSkeleton label="Loading details" rows={4} />;
  if (!details.data || details.data.rows.length === 0)
    return <EmptyState>No records for this selection.</EmptyState>;
  return <DetailTable data={details.data} />;
}

const num = { className: classes.number };
const one = { className: classes.oneLine };
const wide = { className: classes.wrapWide };

type Rows<K extends DetailData['kind']> = Extract<DetailData, { kind: K }>['rows'][number];

const patient = <R extends { patient_name: string }>(): Column<R> => ({
  header: 'Patient Name',
  cell: (r) => r.patient_name,
  td: one,
  th: one,
});
const provider = <R extends { provider: string }>(): Column<R> => ({
  header: 'Provider',
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
const cases = <R extends CaseRow>(status: (row: R) => string) => ({
  noun: 'case',
  columns: [
    patient<R>(),
    provider<R>(),
    caseValue<R>(),
    date<R>(),
    { header: 'Status', cell: status, td: wide },
  ],
});

/** The columns of each list, as the scoresheet workbook keeps its own (docs/screens.md section 7). */
const COLUMNS: { [K in DetailData['kind']]: { noun: string; columns: Column<Rows<K>>[] } } = {
  consults: {
    noun: 'consult',
    columns: [patient(), provider(), { header: 'Status', cell: (r) => r.status, td: one }, date()],
  },
  arch_cases: cases((r) => r.status),
  future_cases: {
    noun: 'treatment',
    columns: [
      patient(),
      provider(),
      { header: 'Procedure', cell: (r) => r.procedure, td: wide },
      caseValue(),
      {
        header: 'Appointment Date',
        cell: (r) => (r.appt_date ? formatDate(r.appt_date) : 'TBD'),
        td: one,
        th: one,
      },
    ],
  },
  pending_finance: cases((r) => r.procedure_status),
};

function Summary({ count, noun, total }: { count: number; noun: string; total?: number }) {
  return (
    <Text size="sm" mb="xs" aria-live="polite">
      {total !== undefined && (
        <>
          Total value: <strong>{formatCurrency(total)}</strong>
          {' · '}
        </>
      )}
      <strong>{count}</strong> {noun}
      {count === 1 ? '' : 's'}
    </Text>
  );
}

function Grid<R>({ rows, columns }: { rows: readonly R[]; columns: readonly Column<R>[] }) {
  return (
    // The rows hold nothing focusable, so the scrolling box itself takes focus for keyboard
    // scrolling; its scrollbars stay visible (theme), so columns past a phone's edge are seen.
    <ScrollArea.Autosize
      mah="70vh"
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Detail rows' }}
    >
      <Table striped verticalSpacing="xs" stickyHeader aria-label="Details">
        {/* A patient may appear twice; the list never reorders. */}
        <ColumnRows columns={columns} rows={rows} rowKey={byIndex} />
      </Table>
    </ScrollArea.Autosize>
  );
}

function List<R>({
  rows,
  total,
  list,
}: {
  rows: readonly R[];
  total?: number;
  list: { noun: string; columns: Column<R>[] };
}) {
  return (
    <>
      <Summary count={rows.length} noun={list.noun} total={total} />
      <Grid rows={rows} columns={list.columns} />
    </>
  );
}

function DetailTable({ data }: { data: DetailData }) {
  switch (data.kind) {
    case 'consults':
      return <List rows={data.rows} list={COLUMNS.consults} />;
    case 'arch_cases':
      return <List rows={data.rows} total={data.total} list={COLUMNS.arch_cases} />;
    case 'future_cases':
      return <List rows={data.rows} total={data.total} list={COLUMNS.future_cases} />;
    case 'pending_finance':
      return <List rows={data.rows} total={data.total} list={COLUMNS.pending_finance} />;
  }
}
