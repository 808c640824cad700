import { Stack } from '@mantine/core';
import type { PatientData } from '../../../common/api/patients';
import { PatientOverview } from './patient-overview';
import { ProcedureHistory } from './procedure-history';
import { SpecialNotes } from './special-notes';
import { UpcomingAppointments } from './upcoming-appointments';

/** Everything on file for one patient. */
export function PatientResult({ patient }: { patient: PatientData }) {
  return (
    <Stack gap="lg">
      <SpecialNotes entries={patient.ignore_status} />
      <PatientOverview patient={patient} />
      <ProcedureHistory procedures={patient.procedures} />
      <UpcomingAppointments appointments={patient.future_appointments} />
    </Stack>
  );
}
