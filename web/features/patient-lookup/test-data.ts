import type { ScoresheetRow } from '../../../common/api/config';
import type { PatientData } from '../../../common/api/patients';
import { testPatientId } from '../../test-patients';
import type { TreatmentFlags } from './progress';

const noFlags: TreatmentFlags = {
  had_consult: false,
  presented_max: false,
  presented_mand: false,
  accepted_max: false,
  accepted_mand: false,
  had_temp_upper: false,
  had_temp_lower: false,
  had_perm_upper: false,
  had_perm_lower: false,
  pending_finance_mand: false,
  pending_finance_max: false,
};

export function makeScoresheet(over: Partial<ScoresheetRow> = {}): ScoresheetRow {
  return {
    patient_name: 'John Smith',
    provider: 'Dr. Sarah Chen',
    score: 11,
    procedure_status: 'Consult, Presented Max, Accepted Max',
    consult_date: '2025-02-03',
    date_of_temp_placement: null,
    case_date: '2025-03-01',
    pending_finance_date: null,
    presented_date: '2025-02-03',
    accepted_date: '2025-03-04',
    perm_date: null,
    location: 'Main Street',
    win_loss: 'Won',
    no_of_arches: 1,
    case_value: 14995,
    ...over,
    treatment_flags: {
      ...noFlags,
      had_consult: true,
      presented_max: true,
      accepted_max: true,
      ...over.treatment_flags,
    },
  };
}

export function makePatient(over: Partial<PatientData> = {}): PatientData {
  return {
    patient_name: 'John Smith',
    patient_id: testPatientId(over.patient_name ?? 'John Smith'),
    phone: '(555) 010-7788',
    scoresheet: makeScoresheet(),
    procedures: [
      {
        date: '2025-03-04',
        procedure: 'Full arch accepted - maxillary',
        code: 'FA-ACC-MAX',
        provider: 'Dr. Sarah Chen',
        amount: 24500,
        location: 'Main Street',
      },
      {
        date: '2025-02-03',
        procedure: 'Comprehensive oral evaluation',
        code: 'D0150',
        provider: 'Dr. Sarah Chen',
        amount: null,
        location: null,
      },
    ],
    future_appointments: [
      {
        // Far enough ahead to stay upcoming whenever the tests run.
        appt_date: '2036-11-02',
        procedure: 'Temp upper',
        code: 'FA-TEMP-U',
        provider: 'Dr. Sarah Chen',
        scheduled_status: 'Scheduled',
        case_value: 14995,
      },
      {
        appt_date: null,
        procedure: 'Perm upper',
        code: 'FA-PERM-U',
        provider: 'Dr. Sarah Chen',
        scheduled_status: 'Unscheduled',
        case_value: null,
      },
    ],
    ignore_status: [],
    source: null,
    leads: [],
    ...over,
  };
}
