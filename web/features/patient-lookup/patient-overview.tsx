import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PatientData } from '../../../common/api/patients';
import { formatCurrency, formatDate } from '../../../common/format';
import { PhoneLink } from '../../components/case/case-work';
import { FollowUpStanding } from './follow-up-standing';
import { OutcomeBadge } from './outcome-badge';
import { treatmentProgress } from './progress';
import { ScoreWithHelp } from './score-help';
import { Section } from './section';

export const NO_SCORESHEET =
  'No scoresheet data available for this patient. They may be in early stages of treatment.';

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={2} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

const orNA = (text: string | null | undefined) => (text?.trim() ? text : 'N/A');
const dateOrNA = (date: string | null | undefined) => (date ? formatDate(date) : 'N/A');

/** Who treats the patient, how far the case has come and what it is worth (docs/screens.md, Patient Lookup). */
export function PatientOverview({ patient }: { patient: PatientData }) {
  const sheet = patient.scoresheet;
  return (
    <Section title="Patient Overview">
      {() => (
        <>
          <Text size="xl" fw={600} mb="md">
            {patient.patient_name}
          </Text>
          {!sheet && (
            <Text c="dimmed" size="sm" mb="md">
              {NO_SCORESHEET}
            </Text>
          )}
          {/* Five across on a wide screen: who and what first, then the case's dates in order. */}
          <SimpleGrid component="dl" cols={{ base: 2, md: 5 }} spacing="lg" verticalSpacing="md" m={0}>
            <Field label="Phone">
              <PhoneLink phone={patient.phone} />
            </Field>
            <Field label="Source">{orNA(patient.source)}</Field>
            <Field label="Provider">{orNA(sheet?.provider)}</Field>
            <Field label="Location">{orNA(sheet?.location)}</Field>
            <Field label="Score">
              {sheet && sheet.score > 0 ? (
                <ScoreWithHelp score={sheet.score} flags={sheet.treatment_flags} />
              ) : (
                'N/A'
              )}
            </Field>
            <Field label="Outcome">
              <OutcomeBadge winLoss={sheet?.win_loss} />
              {/* A person with only leads may stand on the list as a new lead (section 19). */}
              {(sheet || patient.leads.length > 0) && <FollowUpStanding patientId={patient.patient_id} />}
            </Field>
            <Field label="Case Value">
              {sheet && sheet.case_value > 0 ? formatCurrency(sheet.case_value) : 'N/A'}
            </Field>
            <Field label="Presented Date">{dateOrNA(sheet?.presented_date)}</Field>
            <Field label="Accepted Date">{dateOrNA(sheet?.accepted_date)}</Field>
            {sheet?.date_of_temp_placement && (
              <Field label="Temporary Placement">{formatDate(sheet.date_of_temp_placement)}</Field>
            )}
            <Field label="Perm Date">{dateOrNA(sheet?.perm_date)}</Field>
            <Field label="Treatment Progress" wide>
              {treatmentProgress(sheet?.treatment_flags)}
            </Field>
            <Field label="Procedure Status" wide>
              {orNA(sheet?.procedure_status)}
            </Field>
          </SimpleGrid>
        </>
      )}
    </Section>
  );
}
