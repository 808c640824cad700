import { Table, Text } from '@mantine/core';
import type { PatientData } from '../../../common/api/patients';
import { formatCurrency, formatDate } from '../../lib/format';
import { ProcedureName } from './procedure-name';
import { ScrollTable, Section } from './section';

export const NO_TREATMENT_FOUND =
  'No treatment data found for this patient. They may not have started treatment yet.';

const count = (n: number) => `${n} ${n === 1 ? 'procedure' : 'procedures'}`;

/** Every Full Arch Report row of the patient, newest first (as the server sends them). */
export function ProcedureHistory({ procedures }: { procedures: PatientData['procedures'] }) {
  return (
    <Section title="Procedure History" aside={procedures.length > 0 ? count(procedures.length) : undefined}>
      {(titleId) =>
        procedures.length === 0 ? (
          <Text c="dimmed" size="sm">
            {NO_TREATMENT_FOUND}
          </Text>
        ) : (
          <ScrollTable labelledBy={titleId} maxHeight={300} minWidth={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Procedure</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Location</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {procedures.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a patient may have the same procedure twice on a day
                <Table.Tr key={index}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
                  <Table.Td>
                    <ProcedureName procedure={row.procedure} code={row.code} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.provider}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCurrency(row.amount)}
                  </Table.Td>
                  <Table.Td c={row.location ? undefined : 'dimmed'}>{row.location || 'N/A'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )
      }
    </Section>
  );
}
