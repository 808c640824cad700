import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLOSE_REASON_NAMES, type CaseState as State } from '../../../common/api/activities';
import { formatDate } from '../../../common/format';
import { financingText, lastContactText } from './words';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={2} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** Where the case stands, read from its activities (docs/behaviour.md section 15). */
export function CaseStateFields({ state }: { state: State }) {
  return (
    <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
      <Field label="Status">
        {state.closed
          ? `Closed ${formatDate(state.closed.date)}: ${CLOSE_REASON_NAMES[state.closed.reason]}`
          : 'Open'}
      </Field>
      <Field label="Assigned to">{state.assigned_to ?? 'Unassigned'}</Field>
      <Field label="Next follow-up">
        {state.next_follow_up ? formatDate(state.next_follow_up) : 'None set'}
      </Field>
      <Field label="Attempts">{state.attempts}</Field>
      <Field label="Last contact">{lastContactText(state.last_contact)}</Field>
      <Field label="Financing">{state.financing ? financingText(state.financing) : 'None recorded'}</Field>
    </SimpleGrid>
  );
}
