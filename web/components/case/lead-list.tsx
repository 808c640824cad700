import { List, Text } from '@mantine/core';
import { useId } from 'react';
import type { PersonLead } from '../../../common/api/patients';
import { formatDate } from '../../../common/format';

/** One lead as a line: `05/31/2026 · Google Ads · Main Street`, its office left out when it has none. */
export const leadLine = (lead: PersonLead) =>
  [formatDate(lead.lead_date), lead.source, lead.location].filter(Boolean).join(' · ');

/**
 * Where the person came from (docs/behaviour.md section 19): their source, the first touch, and
 * their leads newest first. Nothing for a patient with no lead. The case panel and Patient Lookup
 * both show it.
 */
export function LeadList({ source, leads }: { source: string | null; leads: readonly PersonLead[] }) {
  const titleId = useId();
  if (source === null && leads.length === 0) return null;
  return (
    <div>
      <Text size="sm">Source: {source ?? '-'}</Text>
      {leads.length > 0 && (
        <>
          <Text size="sm" fw={600} mt={4} id={titleId}>
            {leads.length === 1 ? 'Lead' : `Leads (${leads.length})`}
          </Text>
          <List size="sm" spacing={0} aria-labelledby={titleId}>
            {leads.map((lead, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never rearranged here
              <List.Item key={i}>{leadLine(lead)}</List.Item>
            ))}
          </List>
        </>
      )}
    </div>
  );
}
