import { Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
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

const num = classes.number;
const one = classes.oneLine;
const wide = classes.wrapWide;

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

function Grid({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    // The rows hold nothing focusable, so the scrolling box itself takes focus for keyboard
    // scrolling; its scrollbars stay visible (theme), so columns past a phone's edge are seen.
    <ScrollArea.Autosize
      mah="70vh"
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Detail rows' }}
    >
      <Table striped verticalSpacing="xs" stickyHeader aria-label="Details">
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function DetailTable({ data }: { data: DetailData }) {
  switch (data.kind) {
    case 'consults':
      return (
        <>
          <Summary count={data.rows.length} noun="consult" />
          <Grid
            head={
              <>
                <Table.Th className={one}>Patient Name</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Date</Table.Th>
              </>
            }
          >
            {data.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a patient may appear twice; the list never reorders
              <Table.Tr key={index}>
                <Table.Td className={one}>{row.patient_name}</Table.Td>
                <Table.Td className={one}>{row.provider}</Table.Td>
                <Table.Td className={one}>{row.status}</Table.Td>
                <Table.Td className={one}>{formatDate(row.date)}</Table.Td>
              </Table.Tr>
            ))}
          </Grid>
        </>
      );
    case 'arch_cases':
      return (
        <>
          <Summary count={data.rows.length} noun="case" total={data.total} />
          <Grid
            head={
              <>
                <Table.Th className={one}>Patient Name</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th className={`${num} ${one}`}>Case Value</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {data.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a patient may appear twice; the list never reorders
              <Table.Tr key={index}>
                <Table.Td className={one}>{row.patient_name}</Table.Td>
                <Table.Td className={one}>{row.provider}</Table.Td>
                <Table.Td className={num}>{formatCurrency(row.case_value)}</Table.Td>
                <Table.Td className={one}>{formatDate(row.date)}</Table.Td>
                <Table.Td className={wide}>{row.status}</Table.Td>
              </Table.Tr>
            ))}
          </Grid>
        </>
      );
    case 'future_cases':
      return (
        <>
          <Summary count={data.rows.length} noun="treatment" total={data.total} />
          <Grid
            head={
              <>
                <Table.Th className={one}>Patient Name</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Procedure</Table.Th>
                <Table.Th className={`${num} ${one}`}>Case Value</Table.Th>
                <Table.Th className={one}>Appointment Date</Table.Th>
              </>
            }
          >
            {data.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a patient may appear twice; the list never reorders
              <Table.Tr key={index}>
                <Table.Td className={one}>{row.patient_name}</Table.Td>
                <Table.Td className={one}>{row.provider}</Table.Td>
                <Table.Td className={wide}>{row.procedure}</Table.Td>
                <Table.Td className={num}>{formatCurrency(row.case_value)}</Table.Td>
                <Table.Td className={one}>{row.appt_date ? formatDate(row.appt_date) : 'TBD'}</Table.Td>
              </Table.Tr>
            ))}
          </Grid>
        </>
      );
    case 'pending_finance':
      return (
        <>
          <Summary count={data.rows.length} noun="case" total={data.total} />
          <Grid
            head={
              <>
                <Table.Th className={one}>Patient Name</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th className={`${num} ${one}`}>Case Value</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {data.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a patient may appear twice; the list never reorders
              <Table.Tr key={index}>
                <Table.Td className={one}>{row.patient_name}</Table.Td>
                <Table.Td className={one}>{row.provider}</Table.Td>
                <Table.Td className={num}>{formatCurrency(row.case_value)}</Table.Td>
                <Table.Td className={one}>{formatDate(row.date)}</Table.Td>
                <Table.Td className={wide}>{row.procedure_status}</Table.Td>
              </Table.Tr>
            ))}
          </Grid>
        </>
      );
  }
}
