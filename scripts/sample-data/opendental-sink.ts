// The sample practice as an Open Dental database, fed by the same generation pass as the files:
// each report row becomes a complete procedure, each Future Scheduled row a treatment-planned
// procedure on an appointment, numbered in file order so that ProcNum order is the files' row
// order. Syncing it reads what importing the files gives for the patients the sync reads
// (docs/behaviour.md, "Sync from Open Dental"): Open Dental keeps a cancelled or missed
// appointment as a broken one, which is not read, and a visit not yet booked as a planned one,
// read as TBD with the status `Planned`.
//
// A few rows are stored the other ways Open Dental allows, to the same effect when read: a fee
// split into units, a procedure's provider or clinic left to its appointment, a provider with
// no abbreviation, phones in the home or work field.

import type { Connection } from 'mysql2/promise';
import { allProcedures } from './catalog.js';
import type { ApptRow, ProcRow } from './patient.js';
import { phoneOf } from './phones.js';
import type { World } from './world.js';

const ROWS_PER_INSERT = 2_000;
const MS_PER_DAY = 86_400_000;

/** Open Dental's numbers: ProcStat, ApptStatus, DefCat. */
const COMPLETE = 2;
const TREATMENT_PLANNED = 1;
const SCHEDULED = 1;
const BROKEN = 5;
const PLANNED = 6;
const APPT_CONFIRMED = 2;

/** Confirmation statuses as a practice sets them up; the sample's statuses are among them. */
const CONFIRMATIONS = ['Not Called', 'Scheduled', 'Confirmed', 'Left Msg', 'Texted'];

type Value = string | number;

const isoDate = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
const tidy = (name: string) => name.replace(/\s+/g, ' ').trim();

export class OpenDentalSink {
  private readonly pending = new Map<string, { columns: string; rows: Value[][] }>();
  private readonly patients = new Set<number>();
  private readonly providers = new Map<string, number>();
  private readonly clinics = new Map<string, number>();
  private readonly codes = new Map<string, number>();
  private readonly confirmations = new Map<string, number>();
  private procNum = 0;
  private aptNum = 0;
  /** The appointment the previous Future Scheduled row went on, to put one visit's rows together. */
  private visit: { key: string; aptNum: number; provider: string; clinicNum: number } | null = null;

  constructor(
    private readonly world: World,
    private readonly db: Connection,
  ) {
    const { providers } = world.practice;
    providers.forEach((p, k) => {
      this.providers.set(tidy(p.name), k + 1);
      // The last doctor of several has no abbreviation: the sync then names them `FName LName`.
      const noAbbr = providers.length > 1 && k === providers.length - 1;
      const split = p.name.lastIndexOf(' ');
      this.add('provider', 'ProvNum, Abbr, FName, LName', [
        k + 1,
        noAbbr ? '' : p.name,
        p.name.slice(0, split),
        p.name.slice(split + 1),
      ]);
    });
    [...world.practice.offices.keys()].forEach((name, k) => {
      this.clinics.set(name, k + 1);
      this.add('clinic', 'ClinicNum, Description, Abbr', [k + 1, name, name.slice(0, 4).toUpperCase()]);
    });
    allProcedures().forEach((proc, k) => {
      this.codes.set(proc.code, k + 1);
      this.add('procedurecode', 'CodeNum, ProcCode, Descript', [k + 1, proc.code, proc.description]);
    });
    CONFIRMATIONS.forEach((name, k) => {
      this.confirmations.set(name, k + 1);
      this.add('definition', 'DefNum, Category, ItemOrder, ItemName', [k + 1, APPT_CONFIRMED, k, name]);
    });
    // A definition of another category that shares a number space with the confirmations.
    this.add('definition', 'DefNum, Category, ItemOrder, ItemName', [
      CONFIRMATIONS.length + 1,
      1,
      0,
      'Discount',
    ]);
  }

  /** A Full Arch Report row as a complete procedure. */
  procedure(r: ProcRow): void {
    const procNum = ++this.procNum;
    const patNum = this.patient(r.patient);
    // A fee billed in units reads the same: ProcFee x (UnitQty + BaseUnits), a sum of 0 read as 1.
    let fee = r.fee / 100;
    let unitQty = 1;
    let baseUnits = 0;
    if (procNum % 7 === 0 && r.fee % 2 === 0) {
      fee = r.fee / 200;
      unitQty = 2;
    } else if (procNum % 11 === 0) unitQty = 0;
    else if (procNum % 13 === 0) {
      unitQty = 0;
      baseUnits = 1;
    }
    this.add(
      'procedurelog',
      'ProcNum, PatNum, AptNum, PlannedAptNum, ProcDate, ProcFee, ProcStatus, ProvNum, ClinicNum, CodeNum, UnitQty, BaseUnits',
      [
        procNum,
        patNum,
        0,
        0,
        isoDate(r.day),
        fee,
        COMPLETE,
        this.provider(r.provider),
        this.clinics.get(r.location) ?? 0,
        this.code(r.code),
        unitQty,
        baseUnits,
      ],
    );
  }

  /** A Future Scheduled row as a treatment-planned procedure on its visit's appointment. */
  appointment(r: ApptRow): void {
    const procNum = ++this.procNum;
    const patNum = this.patient(r.patient);
    const key = `${r.patient}|${r.day}|${r.status}|${r.location}`;
    if (this.visit?.key !== key) this.visit = this.newAppointment(r, patNum, key, procNum);
    const { aptNum, provider, clinicNum } = this.visit;
    const planned = r.day === null && !isCancelled(r.status);
    // A procedure on its appointment's provider or clinic may leave its own empty (0).
    const provNum = procNum % 5 === 0 && tidy(r.provider) === provider ? 0 : this.provider(r.provider);
    const ownClinic = r.location === '' ? 0 : (this.clinics.get(r.location) ?? 0);
    this.add(
      'procedurelog',
      'ProcNum, PatNum, AptNum, PlannedAptNum, ProcDate, ProcFee, ProcStatus, ProvNum, ClinicNum, CodeNum, UnitQty, BaseUnits',
      [
        procNum,
        patNum,
        planned ? 0 : aptNum,
        planned ? aptNum : 0,
        '0001-01-01',
        0,
        TREATMENT_PLANNED,
        provNum,
        clinicNum === 0 ? ownClinic : procNum % 3 === 0 ? 0 : ownClinic,
        this.code(r.code),
        1,
        0,
      ],
    );
  }

  /** Sends what is pending; call now and then so memory stays flat. */
  async flush(): Promise<void> {
    for (const [table, { columns, rows }] of this.pending) {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
        await this.db.query(`INSERT INTO ${table} (${columns}) VALUES ?`, [
          rows.slice(i, i + ROWS_PER_INSERT),
        ]);
    }
    this.pending.clear();
  }

  close(): Promise<void> {
    return this.flush();
  }

  private newAppointment(r: ApptRow, patNum: number, key: string, procNum: number) {
    const aptNum = ++this.aptNum;
    const status = isCancelled(r.status) ? BROKEN : r.day === null ? PLANNED : SCHEDULED;
    const clinicNum = r.location === '' ? 0 : (this.clinics.get(r.location) ?? 0);
    // Some appointments leave the clinic to their procedures: the sync then takes the procedure's.
    const aptClinic = procNum % 4 === 0 ? 0 : clinicNum;
    this.add('appointment', 'AptNum, PatNum, AptStatus, Confirmed, ProvNum, AptDateTime, ClinicNum', [
      aptNum,
      patNum,
      status,
      status === SCHEDULED ? (this.confirmations.get(r.status) ?? 0) : 0,
      this.provider(r.provider),
      r.day === null ? '0001-01-01 00:00:00' : `${isoDate(r.day)} ${visitTime(aptNum)}`,
      aptClinic,
    ]);
    return { key, aptNum, provider: tidy(r.provider), clinicNum: aptClinic };
  }

  private patient(index: number): number {
    const patNum = index + 1;
    if (this.patients.has(patNum)) return patNum;
    this.patients.add(patNum);
    const { first, middle, last } = this.world.namer.name(index);
    const phone = phoneOf(index) ?? '';
    // The sync takes WirelessPhone, else HmPhone, else WkPhone: the patient's number sits in one.
    const slot = index % 4;
    const wireless = slot === 0 || slot === 3 ? phone : '';
    const home = slot === 1 ? phone : slot === 0 && phone !== '' ? '(512) 555-0100' : '';
    const work = slot === 2 ? phone : '';
    this.add('patient', 'PatNum, LName, FName, MiddleI, WirelessPhone, HmPhone, WkPhone', [
      patNum,
      last,
      first,
      middle,
      wireless,
      home,
      work,
    ]);
    return patNum;
  }

  private provider(name: string): number {
    const provNum = this.providers.get(tidy(name));
    if (provNum === undefined) throw new Error(`Unknown provider '${name}'`);
    return provNum;
  }

  private code(code: string): number {
    const codeNum = this.codes.get(code);
    if (codeNum === undefined) throw new Error(`Unknown procedure code '${code}'`);
    return codeNum;
  }

  private add(table: string, columns: string, row: Value[]): void {
    let entry = this.pending.get(table);
    if (!entry) {
      entry = { columns, rows: [] };
      this.pending.set(table, entry);
    }
    entry.rows.push(row);
  }
}

/** Open Dental records a cancelled or missed appointment as broken. */
function isCancelled(status: string): boolean {
  return /cancel|broken|no[ -]show/i.test(status);
}

/** A time of day on the half hour between 8:00 and 16:30: only the date is read. */
function visitTime(aptNum: number): string {
  const slot = aptNum % 18;
  return `${String(8 + Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 === 0 ? '00' : '30'}:00`;
}
