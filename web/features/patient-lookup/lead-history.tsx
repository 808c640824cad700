import { Table } from '@mantine/core';
import type { PatientData } from '../../../common/api/patients';
import { formatDate } from '../../../common/format';
import { ScrollTable, Section } from './section';

/**
 * The person's leads, newest first (docs/behaviour.md section 19): when they asked, through which
 * source and at which office. Nothing for a patient with no lead.
 */
export function LeadHistory({ leads }: { leads: PatientData['leads'] }) {
  if (leads.length === 0) return null;
  return (
    <Section title="Leads" aside={leads.length === 1 ? '1 lead' : `${leads.length} leads`}>
      {(titleId) => (
        <ScrollTable labelledBy={titleId} maxHeight={260} minWidth={280}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lead Date</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Location</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {leads.map((lead, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never rearranged here
              <Table.Tr key={i}>
                <Table.Td>{formatDate(lead.lead_date)}</Table.Td>
                <Table.Td>{lead.source}</Table.Td>
                <Table.Td>{lead.location ?? 'N/A'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Section>
  );
}
