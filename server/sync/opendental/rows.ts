/**
 * One Open Dental row to the record a file import would make of the same facts. The row is laid
 * out as the cells of a file row and handed to the file import's own record builder, so names,
 * codes, providers, locations, phones, reasons and limits are decided by the same code; only
 * what a file cannot say (Open Dental's `0001-01-01` for no date) is judged here.
 */

import type { ColumnMap } from '../../file-reading/headers';
import { buildRecord, type RowOutcome } from '../../file-reading/records';
import type { AppointmentRecord, Cell, ProcedureRecord } from '../../file-reading/types';
import { amountText } from './amount';
import type { Lookups } from './lookups';
import type { CodeRow } from './queries';

interface PatientColumns {
  LName: string | null;
  FName: string | null;
  MiddleI: string | null;
  WirelessPhone: string | null;
  HmPhone: string | null;
  WkPhone: string | null;
}

export interface ProcedureRow extends PatientColumns {
  ProcNum: number;
  ProcDate: string | null;
  CodeNum: number;
  ProvNum: number;
  ClinicNum: number;
  ProcFee: number;
  UnitQty: number;
  BaseUnits: number;
}

export interface PlannedRow extends PatientColumns {
  ProcNum: number;
  CodeNum: number;
  ProvNum: number;
  ClinicNum: number;
  SchedAptNum: number | null;
  AptDateTime: string | null;
  Confirmed: number | null;
  SchedProvNum: number | null;
  SchedClinicNum: number | null;
  PlanAptNum: number | null;
  PlanProvNum: number | null;
  PlanClinicNum: number | null;
}

export interface Codes {
  codes: ReadonlyMap<number, CodeRow>;
}

/** Dates before this are Open Dental's way of saying none (`0001-01-01`): no real procedure date. */
const EARLIEST_DATE = '2000-01-01';

// The cells of a row, in these columns, as a file reader would hand them on.
const PROCEDURE_COLUMNS: ColumnMap = {
  patient: 0,
  date: 1,
  code: 2,
  provider: 3,
  description: 4,
  amount: 5,
  location: 6,
  phone: 7,
};
const APPOINTMENT_COLUMNS: ColumnMap = {
  patient: 0,
  appt_date: 1,
  code: 2,
  provider: 3,
  description: 4,
  scheduled_status: 5,
  location: 6,
  phone: 7,
};

const text = (value: string | null | undefined): string => value ?? '';

/** `LName, FName MiddleI`, the middle initial left out when empty. */
function patientName(row: PatientColumns): string {
  const middle = text(row.MiddleI);
  return `${text(row.LName)}, ${text(row.FName)}${middle.trim() === '' ? '' : ` ${middle}`}`;
}

/** WirelessPhone, else HmPhone, else WkPhone: the first not empty. */
function phoneOf(row: PatientColumns): string | null {
  for (const phone of [row.WirelessPhone, row.HmPhone, row.WkPhone])
    if (text(phone).trim() !== '') return phone;
  return null;
}

const num = (value: number | null | undefined): number => Number(value ?? 0);

/** A date before 2000 is skipped as invalid; its reason goes where the file import puts a date's. */
function refuseEarlyDate<R>(outcome: RowOutcome<R>, label: string, date: string): RowOutcome<R> {
  const reason = `Invalid ${label} "${date}"`;
  if ('record' in outcome) return { skip: reason };
  const reasons = outcome.skip.split('; ');
  const at = reasons.findIndex((r) => !r.startsWith('Missing patient name') && !r.startsWith('Patient name'));
  reasons.splice(at === -1 ? reasons.length : at, 0, reason);
  return { skip: reasons.join('; ') };
}

const isEarly = (date: string) => /^\d{4}-\d{2}-\d{2}/.test(date) && date.slice(0, 10) < EARLIEST_DATE;

/** A complete procedure as a Full Arch Report row; `row` is its ProcNum. */
export function procedureOutcome(
  row: ProcedureRow,
  codes: Codes,
  lookups: Lookups,
): RowOutcome<ProcedureRecord> {
  const code = codes.codes.get(num(row.CodeNum));
  const date = text(row.ProcDate);
  const cells: Cell[] = [
    patientName(row),
    date,
    text(code?.ProcCode),
    lookups.providers.get(num(row.ProvNum)) ?? '',
    text(code?.Descript),
    amountText(Number(row.ProcFee ?? 0), num(row.UnitQty), num(row.BaseUnits)),
    lookups.clinics.get(num(row.ClinicNum)) ?? null,
    phoneOf(row),
  ];
  const outcome = buildRecord('raw-data', PROCEDURE_COLUMNS, { row: num(row.ProcNum), cells });
  // A row always has cells (the amount at least), so it is never the silently passed-over empty row.
  return isEarly(date) ? refuseEarlyDate(outcome!, 'date', date.slice(0, 10)) : outcome!;
}

/**
 * A treatment-planned procedure on an appointment as a Future Scheduled row: a scheduled
 * appointment (dated, its confirmation as the status) before a planned one (TBD, `Planned`).
 */
export function appointmentOutcome(
  row: PlannedRow,
  codes: Codes,
  lookups: Lookups,
): RowOutcome<AppointmentRecord> {
  const code = codes.codes.get(num(row.CodeNum));
  const scheduled = row.SchedAptNum !== null;
  const date = scheduled ? text(row.AptDateTime).slice(0, 10) : '';
  const status = scheduled ? (lookups.confirmations.get(num(row.Confirmed)) ?? '') : 'Planned';
  const provNum =
    num(row.ProvNum) !== 0 ? num(row.ProvNum) : num(scheduled ? row.SchedProvNum : row.PlanProvNum);
  const appointmentClinic =
    lookups.clinics.get(num(scheduled ? row.SchedClinicNum : row.PlanClinicNum)) ?? '';
  const location =
    appointmentClinic.trim() !== '' ? appointmentClinic : (lookups.clinics.get(num(row.ClinicNum)) ?? null);
  const cells: Cell[] = [
    patientName(row),
    date,
    text(code?.ProcCode),
    lookups.providers.get(provNum) ?? '',
    text(code?.Descript),
    status,
    location,
    phoneOf(row),
  ];
  const outcome = buildRecord('future-scheduled', APPOINTMENT_COLUMNS, { row: num(row.ProcNum), cells });
  return isEarly(date) ? refuseEarlyDate(outcome!, 'appointment date', date) : outcome!;
}
