import { Text } from '@mantine/core';
import { formatCurrency, formatDate } from '../../../common/format';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import type { Appointment } from './appointments';
import { ProcedureName } from './procedure-name';
import { ScrollTable, Section } from './section';

const count = (n: number) => `${n} ${n === 1 ? 'appointment' : 'appointments'}`;

const nowrap = { style: { whiteSpace: 'nowrap' } } as const;

const COLUMNS: Column<Appointment>[] = [
  { header: 'Date', cell: (r) => (r.appt_date ? formatDate(r.appt_date) : 'TBD'), td: nowrap },
  { header: 'Procedure', cell: (r) => <ProcedureName procedure={r.procedure} code={r.code} /> },
  { header: 'Provider', cell: (r) => r.provider, td: nowrap },
  { header: 'Status', cell: (r) => r.scheduled_status || 'N/A' },
  {
    header: 'Case Value',
    cell: (r) => formatCurrency(r.case_value),
    td: { ta: 'right', ...nowrap },
    th: { ta: 'right' },
  },
];

function AppointmentList({
  title,
  appointments,
  empty,
}: {
  title: string;
  appointments: readonly Appointment[];
  empty: string;
}) {
  return (
    <Section title={title} aside={appointments.length > 0 ? count(appointments.length) : undefined}>
      {(titleId) =>
        appointments.length === 0 ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          <ScrollTable labelledBy={titleId} maxHeight={200} minWidth={640}>
            {/* The same procedure may be booked twice; the list never reorders. */}
            <ColumnRows columns={COLUMNS} rows={appointments} rowKey={byIndex} />
          </ScrollTable>
        )
      }
    </Section>
  );
}

/** The patient's appointments from today on, soonest first and undated ones last (as the server sends them). */
export function UpcomingAppointments({ appointments }: { appointments: readonly Appointment[] }) {
  return (
    <AppointmentList
      title="Upcoming Appointments"
      appointments={appointments}
      empty="No upcoming appointments are scheduled for this patient."
    />
  );
}

/** Appointments of the Future Scheduled file dated before today, most recent first; none, no card. */
export function PastAppointments({ appointments }: { appointments: readonly Appointment[] }) {
  if (appointments.length === 0) return null;
  return <AppointmentList title="Past Appointments" appointments={appointments} empty="" />;
}
