import type { PatientData } from '../../../common/api/patients';

export type Appointment = PatientData['future_appointments'][number];

/**
 * The Future Scheduled file is a snapshot: by the time it is read, some of its appointments have
 * happened. Those dated before today are past, most recent first; today's, later and undated (TBD)
 * ones are upcoming, in the server's order (soonest first, TBD last).
 */
export function splitAppointments(
  appointments: readonly Appointment[],
  today: string,
): { upcoming: Appointment[]; past: Appointment[] } {
  const isPast = (appt: Appointment) => appt.appt_date !== null && appt.appt_date < today;
  return {
    upcoming: appointments.filter((appt) => !isPast(appt)),
    past: appointments.filter(isPast).reverse(),
  };
}
