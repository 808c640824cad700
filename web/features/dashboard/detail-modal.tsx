import { Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import { PatientNameButton } from '../../components/patient-name-button';
import { formatCurrency, formatDate } from '../../lib/format';
import { useOpenPatient } from '../../lib/navigation';
import { saveBlob } from '../../lib/save-blob';
import { type DetailData, downloadDetails, useDetails } from './api';
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
        {request && <ExportButton request={request} />}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

/** The list as a workbook, from the server with the same filters (docs/screens.md, Detail modal). */
function ExportButton({ request }: { request: DetailRequest }) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadDetails(request);
      saveBlob(blob, fileName);
    } catch (err) {
      console.error('Failed to export details', err);
      notifications.show({ color: 'red', title: 'Export failed', message: 'Failed to export details' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={save}
    >
      Export to Excel
    </Button>
  );
}

function DetailBody({ request }: { request: DetailRequest }) {
  const details = useDetails(request);
  if (details.isPending) return <TableSkeleton label="Loading details" rows={4} />;
  if (!details.data || details.data.rows.length === 0)
    return <EmptyState>No records for this selection.</EmptyState>;
  // A provider's own list (a row's cell, or one provider chosen) names that provider in every row.
  return <DetailTable data={details.data} oneProvider={request.provider !== null} />;
}

const num = { className: classes.number };
const one = { className: classes.oneLine };
const wide = { className: classes.wrapWide };

type Rows<K extends DetailData['kind']> = Extract<DetailData, { kind: K }>['rows'][number];

const patient = <R extends { patient_name: string }>(onOpen: (name: string) => void): Column<R> => ({
  header: 'Patient Name',
  cell: (r) => <PatientNameButton name={r.patient_name} onOpen={onOpen} />,
  td: { className: classes.patientName },
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

type Lists = { [K in DetailData['kind']]: { noun: string; columns: Column<Rows<K>>[] } };

/**
 * The columns of each list (docs/screens.md, Detail modal): the name, value and date first, so a
 * phone shows what matters without scrolling sideways; the provider last, and only when the list
 * spans providers (a list of one provider's patients would repeat the name in every row).
 */
function detailLists(onOpen: (name: string) => void, oneProvider: boolean): Lists {
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
  if (!oneProvider) return lists;
  const drop = <R,>(list: { noun: string; columns: Column<R>[] }) => ({
    ...list,
    columns: list.columns.filter((c) => c.header !== 'Provider'),
  });
  return {
    consults: drop(lists.consults),
    arch_cases: drop(lists.arch_cases),
    future_cases: drop(lists.future_cases),
    pending_finance: drop(lists.pending_finance),
  };
}

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

function DetailTable({ data, oneProvider }: { data: DetailData; oneProvider: boolean }) {
  const openPatient = useOpenPatient();
  const lists = detailLists(openPatient, oneProvider);
  switch (data.kind) {
    case 'consults':
      return <List rows={data.rows} list={lists.consults} />;
    case 'arch_cases':
      return <List rows={data.rows} total={data.total} list={lists.arch_cases} />;
    case 'future_cases':
      return <List rows={data.rows} total={data.total} list={lists.future_cases} />;
    case 'pending_finance':
      return <List rows={data.rows} total={data.total} list={lists.pending_finance} />;
  }
}
