import { Stack } from '@mantine/core';
import type { PatientData } from '../../../common/api/patients';
import { localDay } from '../../../common/calendar-day';
import { splitAppointments } from './appointments';
import { CaseFollowUp } from './case-follow-up';
import { LeadHistory } from './lead-history';
import { PatientOverview } from './patient-overview';
import { ProcedureHistory } from './procedure-history';
import { SpecialNotes } from './special-notes';
import { PastAppointments, UpcomingAppointments } from './upcoming-appointments';

/** Everything on file for one patient. */
export function PatientResult({ patient }: { patient: PatientData }) {
  // Past or upcoming by the day it is where the user is, as the appointment dates are written.
  const { upcoming, past } = splitAppointments(patient.future_appointments, localDay(new Date()));
  return (
    <Stack gap="lg">
      <SpecialNotes entries={patient.ignore_status} />
      <PatientOverview patient={patient} />
      <CaseFollowUp patientId={patient.patient_id} />
      <LeadHistory leads={patient.leads} />
      <ProcedureHistory procedures={patient.procedures} />
      <UpcomingAppointments appointments={upcoming} />
      <PastAppointments appointments={past} />
    </Stack>
  );
}
