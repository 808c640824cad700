import { Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { STAGE_NAMES } from '../../../common/api/worklist';
import { formatCurrency } from '../../../common/format';
import { PhoneLink } from '../../components/case/case-work';
import { PatientNameButton } from '../../components/patient-name-button';
import classes from './follow-ups.module.css';
import { type RowsProps, rowClass } from './row-mark';
import {
  dayCount,
  FINANCING_APPROVED,
  financingApproved,
  lastContactShort,
  nextAppointment,
  providerAndLocation,
  shortDate,
} from './words';
import { followUpText } from './worklist-columns';

/**
 * On a phone, one card per patient: what the table's row says in five short lines (dates short,
 * as in the table; a long value cut at its end), so the first patient shows on the first screen
 * and a screen holds several.
 */
export function WorklistCards(props: RowsProps) {
  const { patients, onOpen, label, showNextAppointment, asOf } = props;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {patients.map((p, index) => (
        <Paper
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never rearranged here
          key={index}
          withBorder
          px="sm"
          py="xs"
          className={`${classes.patientCard} ${rowClass(p, props) ?? ''}`}
          data-patient={p.patient_name}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text component="h3" fw={600} fz="sm" m={0}>
              <PatientNameButton name={p.patient_name} onOpen={onOpen} />
            </Text>
            {p.phone && (
              <Text span fz="sm" style={{ flex: 'none' }}>
                <PhoneLink phone={p.phone} />
              </Text>
            )}
          </Group>
          {financingApproved(p) && (
            <span className={classes.approved}>
              <IconCircleCheck size={14} aria-hidden />
              {FINANCING_APPROVED}
            </span>
          )}
          <Text>
            <Text span fw={600} fz="inherit">
              {STAGE_NAMES[p.stage]}
            </Text>
            {` · ${dayCount(p.days_waiting)}, since ${shortDate(p.since)}`}
          </Text>
          <div className={classes.cardPair}>
            <Text>Assigned to: {p.assigned_to ?? 'Unassigned'}</Text>
            <Text>Next follow-up: {followUpText(p, asOf, shortDate)}</Text>
          </div>
          <Text className={classes.clip}>Last contact: {lastContactShort(p.last_contact)}</Text>
          {p.source && <Text className={classes.clip}>Source: {p.source}</Text>}
          {showNextAppointment && <Text>Next appointment: {nextAppointment(p.next_appointment)}</Text>}
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text c="dimmed" className={classes.clip}>
              {providerAndLocation(p)}
            </Text>
            {p.case_value !== null && (
              <Text c="dimmed" className={classes.number}>
                <VisuallyHidden component="span">Case value </VisuallyHidden>
                {formatCurrency(p.case_value)}
              </Text>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
