import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment } from 'react';
import { type AuditEvent, auditActionName } from '../../../common/api/audit';
import { auditWhat } from '../../../common/audit-words';
import { formatDateTime } from '../../../common/format';
import { type Column, ColumnRows } from '../../components/column-table';
import { ScrollTable } from '../../components/scroll-table';

/** Who did it: the username as recorded (as typed, for a failed sign-in), or `-` for the system. */
const who = (e: AuditEvent) => e.username ?? '-';

/**
 * A username that breaks only at a space, never inside a word ('admi n'): each word is kept whole,
 * so the column is at least as wide as the longest word, and the table scrolls in its box if need be.
 */
function WholeWords({ text }: { text: string }) {
  return text.split(' ').map((word, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed text, never reordered
    <Fragment key={i}>
      {i > 0 && ' '}
      <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
    </Fragment>
  ));
}

const COLUMNS: Column<AuditEvent>[] = [
  { header: 'When', cell: (e) => formatDateTime(e.at), td: { style: { whiteSpace: 'nowrap' } } },
  { header: 'User', cell: (e) => <WholeWords text={who(e)} /> },
  { header: 'Action', cell: (e) => auditActionName(e.action), td: { fw: 500 } },
  { header: 'What', cell: (e) => auditWhat(e.action, e.detail), td: { style: { overflowWrap: 'anywhere' } } },
  { header: 'IP', cell: (e) => e.ip ?? '-', td: { c: 'dimmed', style: { whiteSpace: 'nowrap' } } },
];

/** A table on wide screens; on a phone one card per event, When and Action first. */
export function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? <AuditCards events={events} /> : <AuditRows events={events} />;
}

function AuditRows({ events }: { events: readonly AuditEvent[] }) {
  return (
    <ScrollTable label="Audit events" minWidth={860}>
      <Table striped verticalSpacing="xs" aria-label="Audit events">
        <ColumnRows columns={COLUMNS} rows={events} rowKey={(e) => e.id} />
      </Table>
    </ScrollTable>
  );
}

function AuditCards({ events }: { events: readonly AuditEvent[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit events">
      {events.map((e) => (
        <Paper component="li" key={e.id} withBorder p="sm">
          <Text size="sm" c="dimmed">
            {formatDateTime(e.at)}
          </Text>
          <Text fw={600}>{auditActionName(e.action)}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {auditWhat(e.action, e.detail)}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {who(e)} · IP {e.ip ?? '-'}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
