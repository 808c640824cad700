import { Table, Text } from '@mantine/core';
import type { PatientData } from '../../../common/api/patients';
import { formatCurrency, formatDate } from '../../lib/format';
import { ProcedureName } from './procedure-name';
import { ScrollTable, Section } from './section';

const count = (n: number) => `${n} ${n === 1 ? 'appointment' : 'appointments'}`;

/** The patient's Future Scheduled rows, soonest first and undated ones last (as the server sends them). */
export function UpcomingAppointments({ appointments }: { appointments: PatientData['future_appointments'] }) {
  return (
    <Section
      title="Upcoming Appointments"
      aside={appointments.length > 0 ? count(appointments.length) : undefined}
    >
      {(titleId) =>
        appointments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No upcoming appointments are scheduled for this patient.
          </Text>
        ) : (
          <ScrollTable labelledBy={titleId} maxHeight={200} minWidth={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Procedure</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Case Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {appointments.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same procedure may be booked twice
                <Table.Tr key={index}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.appt_date ? formatDate(row.appt_date) : 'TBD'}
                  </Table.Td>
                  <Table.Td>
                    <ProcedureName procedure={row.procedure} code={row.code} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.provider}</Table.Td>
                  <Table.Td>{row.scheduled_status || 'N/A'}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCurrency(row.case_value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )
      }
    </Section>
  );
}
