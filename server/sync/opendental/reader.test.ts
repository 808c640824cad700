// Each rule of reading Open Dental (docs/behaviour.md, "Sync from Open Dental") against a real
// MariaDB server holding Open Dental's tables, read as a user who may only SELECT.

import type { Connection } from 'mysql2/promise';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentRecord, ProcedureRecord, RowIssue } from '../../file-reading/types';
import { openDentalEachTest } from '../../test/mariadb';
import type { OdConnection } from './connection';
import { type OdBatch, readOpenDental } from './reader';

const MAPPED = new Set(['D6114', 'D0150', 'D6119']);

let admin: Connection;
let conn: OdConnection;
openDentalEachTest((od) => {
  ({ admin, conn } = od);
});
beforeEach(async () => {
  // The practice's setup: two doctors (one without an abbreviation), two clinics, codes (one
  // typed in lower case), and confirmation statuses among other definitions.
  await admin.query(`
    INSERT INTO provider (ProvNum, Abbr, FName, LName) VALUES
      (1, '  Dr.  Sarah   Chen ', 'Sarah', 'Chen'), (2, '', 'Michael', 'Rodriguez'), (3, '  ', ' Anne ', 'Lee');
    INSERT INTO clinic (ClinicNum, Description) VALUES (1, 'Main  Street'), (2, 'Lakeside'), (3, '');
    INSERT INTO procedurecode (CodeNum, ProcCode, Descript) VALUES
      (1, 'D6114', 'Fixed denture - maxillary'), (2, 'D0120', 'Periodic evaluation'),
      (3, 'd0150', 'Comprehensive evaluation'), (4, 'D6119', 'Interim denture - maxillary'), (5, 'D1110', '');
    INSERT INTO definition (DefNum, Category, ItemOrder, ItemName) VALUES
      (1, 2, 0, 'Confirmed'), (2, 2, 1, 'Left Msg'), (3, 1, 0, 'Discount'), (4, 2, 2, '');
  `);
});

interface Read {
  procedures: ProcedureRecord[];
  appointments: AppointmentRecord[];
  skipped: { procedures: RowIssue[]; appointments: RowIssue[] };
  kinds: OdBatch['kind'][];
}

async function readAll(mapped: ReadonlySet<string> = MAPPED, batchSize?: number): Promise<Read> {
  const read: Read = {
    procedures: [],
    appointments: [],
    skipped: { procedures: [], appointments: [] },
    kinds: [],
  };
  for await (const item of readOpenDental(conn, mapped, { batchSize })) {
    read.kinds.push(item.kind);
    if (item.kind === 'raw-data') {
      read.procedures.push(...item.batch.records);
      read.skipped.procedures.push(...item.batch.skipped);
    } else {
      read.appointments.push(...item.batch.records);
      read.skipped.appointments.push(...item.batch.skipped);
    }
  }
  return read;
}

interface Proc {
  num: number;
  pat: number;
  code: number;
  status?: number;
  date?: string;
  fee?: number;
  units?: [number, number];
  prov?: number;
  clinic?: number;
  apt?: number;
  planned?: number;
}

async function procs(...rows: Proc[]): Promise<void> {
  await admin.query(
    `INSERT INTO procedurelog (ProcNum, PatNum, CodeNum, ProcStatus, ProcDate, ProcFee, UnitQty, BaseUnits,
       ProvNum, ClinicNum, AptNum, PlannedAptNum) VALUES ?`,
    [
      rows.map((r) => [
        r.num,
        r.pat,
        r.code,
        r.status ?? 2,
        r.date ?? '2025-03-04',
        r.fee ?? 100,
        r.units?.[0] ?? 1,
        r.units?.[1] ?? 0,
        r.prov ?? 1,
        r.clinic ?? 1,
        r.apt ?? 0,
        r.planned ?? 0,
      ]),
    ],
  );
}

async function patient(
  num: number,
  last: string,
  first: string,
  middle = '',
  phones: string[] = ['', '', ''],
) {
  await admin.query(
    'INSERT INTO patient (PatNum, LName, FName, MiddleI, WirelessPhone, HmPhone, WkPhone) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [num, last, first, middle, ...phones],
  );
}

async function appointment(
  num: number,
  pat: number,
  status: number,
  at: string,
  confirmed = 0,
  prov = 1,
  clinic = 1,
) {
  await admin.query(
    'INSERT INTO appointment (AptNum, PatNum, AptStatus, AptDateTime, Confirmed, ProvNum, ClinicNum) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [num, pat, status, at, confirmed, prov, clinic],
  );
}

describe('Full Arch Report rows', () => {
  it('reads every complete procedure of a patient with a mapped one, as a file row would give it', async () => {
    await patient(1, 'Smith', 'John', 'Q', ['', ' (512) 555-0101 ', '(512) 555-0199']);
    await procs(
      { num: 10, pat: 1, code: 2, date: '2024-05-06', fee: 95 },
      { num: 11, pat: 1, code: 1, date: '2025-01-02', fee: 12500, clinic: 2 },
      // Not complete: treatment planned (not on an appointment), deleted, existing.
      { num: 12, pat: 1, code: 1, status: 1 },
      { num: 13, pat: 1, code: 1, status: 6 },
      { num: 14, pat: 1, code: 1, status: 3 },
    );
    const read = await readAll();
    expect(read.procedures).toEqual([
      {
        row: 10,
        patient_name: 'John Q Smith',
        patient_key: 'john q smith',
        date: '2024-05-06',
        code: 'D0120',
        provider: 'Dr. Sarah Chen',
        description: 'Periodic evaluation',
        amount: 95,
        location: 'Main Street',
        phone: '(512) 555-0101',
      },
      {
        row: 11,
        patient_name: 'John Q Smith',
        patient_key: 'john q smith',
        date: '2025-01-02',
        code: 'D6114',
        provider: 'Dr. Sarah Chen',
        description: 'Fixed denture - maxillary',
        amount: 12500,
        location: 'Lakeside',
        phone: '(512) 555-0101',
      },
    ]);
    expect(read.skipped.procedures).toEqual([]);
  });

  it('reads no patient whose complete procedures have no mapped code, nor one with a mapped code only planned', async () => {
    await patient(1, 'Routine', 'Rita');
    await patient(2, 'Planned', 'Paul');
    await patient(3, 'Arch', 'Anna');
    await procs(
      { num: 1, pat: 1, code: 2 },
      { num: 2, pat: 1, code: 5 },
      { num: 3, pat: 2, code: 2 },
      { num: 4, pat: 2, code: 1, status: 1 },
      { num: 5, pat: 3, code: 3 },
    );
    const read = await readAll();
    expect(read.procedures.map((r) => [r.row, r.patient_name, r.code])).toEqual([[5, 'Anna Arch', 'D0150']]);
  });

  it('compares codes after normalizing them, and reads nothing at all when no code is mapped', async () => {
    await patient(1, 'Arch', 'Anna');
    await procs({ num: 1, pat: 1, code: 3 }, { num: 2, pat: 1, code: 2 });
    expect((await readAll(new Set(['d0150 ']))).procedures.map((r) => r.code)).toEqual(['D0150', 'D0120']);
    expect(await readAll(new Set(['D9999']))).toEqual({
      procedures: [],
      appointments: [],
      skipped: { procedures: [], appointments: [] },
      kinds: [],
    });
  });

  it('names the provider by Abbr, else FName LName, and the patient without an empty MiddleI', async () => {
    await patient(1, 'Smith', 'John');
    await procs({ num: 1, pat: 1, code: 1, prov: 2 }, { num: 2, pat: 1, code: 1, prov: 3 });
    const read = await readAll();
    expect(read.procedures.map((r) => [r.patient_name, r.provider])).toEqual([
      ['John Smith', 'Michael Rodriguez'],
      ['John Smith', 'Anne Lee'],
    ]);
  });

  it('multiplies the fee by UnitQty + BaseUnits (0 read as 1) and rounds to the cent', async () => {
    await patient(1, 'Smith', 'John');
    await procs(
      { num: 1, pat: 1, code: 1, fee: 95.5, units: [0, 0] },
      { num: 2, pat: 1, code: 1, fee: 95.5, units: [2, 1] },
      { num: 3, pat: 1, code: 1, fee: 1.005, units: [3, 0] },
      { num: 4, pat: 1, code: 1, fee: 40, units: [0, 2] },
      { num: 5, pat: 1, code: 1, fee: 33.333, units: [1, 0] },
    );
    expect((await readAll()).procedures.map((r) => r.amount)).toEqual([95.5, 286.5, 3.02, 80, 33.33]);
  });

  it('has no location for ClinicNum 0, a clinic not found or one with no description', async () => {
    await patient(1, 'Smith', 'John');
    await procs(
      { num: 1, pat: 1, code: 1, clinic: 0 },
      { num: 2, pat: 1, code: 1, clinic: 99 },
      { num: 3, pat: 1, code: 1, clinic: 3 },
    );
    expect((await readAll()).procedures.map((r) => r.location)).toEqual([null, null, null]);
  });

  it('takes WirelessPhone, else HmPhone, else WkPhone', async () => {
    await patient(1, 'A', 'Ann', '', ['(512) 555-0001', '(512) 555-0002', '(512) 555-0003']);
    await patient(2, 'B', 'Bob', '', [' ', '(512) 555-0012', '(512) 555-0013']);
    await patient(3, 'C', 'Cy', '', ['', '', '(512) 555-0023']);
    await patient(4, 'D', 'Di');
    await procs(
      { num: 1, pat: 1, code: 1 },
      { num: 2, pat: 2, code: 1 },
      { num: 3, pat: 3, code: 1 },
      { num: 4, pat: 4, code: 1 },
    );
    expect((await readAll()).procedures.map((r) => r.phone)).toEqual([
      '(512) 555-0001',
      '(512) 555-0012',
      '(512) 555-0023',
      null,
    ]);
  });

  it('skips, with the ProcNum, a row with no date (0001-01-01), no provider or no patient', async () => {
    await patient(1, 'Smith', 'John');
    await patient(2, '', '');
    await procs(
      { num: 7, pat: 1, code: 1 },
      { num: 8, pat: 1, code: 1, date: '0001-01-01' },
      { num: 9, pat: 1, code: 2, prov: 0 },
      { num: 10, pat: 1, code: 2, prov: 42 },
      { num: 11, pat: 2, code: 1 },
      { num: 12, pat: 2, code: 1, date: '1999-12-31', prov: 0 },
      // A procedure whose patient row is gone.
      { num: 13, pat: 77, code: 1 },
    );
    const read = await readAll();
    expect(read.procedures.map((r) => r.row)).toEqual([7]);
    expect(read.skipped.procedures).toEqual([
      { row: 8, reason: 'Invalid date "0001-01-01"' },
      { row: 9, reason: 'Missing provider' },
      { row: 10, reason: 'Missing provider' },
      { row: 11, reason: 'Missing patient name' },
      { row: 12, reason: 'Missing patient name; Invalid date "1999-12-31"; Missing provider' },
      { row: 13, reason: 'Missing patient name' },
    ]);
  });
});

describe('Future Scheduled rows', () => {
  beforeEach(async () => {
    await patient(1, 'Arch', 'Anna', 'B', ['(512) 555-0101', '', '']);
    await patient(2, 'Routine', 'Rita');
    await patient(3, 'New', 'Ned');
    // Anna is read (a complete mapped procedure); Rita and Ned are not.
    await procs({ num: 1, pat: 1, code: 3 }, { num: 2, pat: 2, code: 2 });
  });

  it('reads a scheduled appointment with its date and confirmation, a planned one as TBD and Planned', async () => {
    await appointment(100, 1, 1, '2026-12-01 09:30:00', 1, 1, 2);
    await appointment(101, 1, 1, '2026-12-02 10:00:00', 0);
    await appointment(102, 1, 1, '2026-12-03 10:00:00', 3);
    await appointment(103, 1, 1, '2026-12-04 10:00:00', 4);
    await appointment(104, 1, 6, '0001-01-01 00:00:00', 0, 2, 1);
    await procs(
      { num: 20, pat: 1, code: 1, status: 1, apt: 100, prov: 2, clinic: 1, date: '0001-01-01' },
      { num: 21, pat: 1, code: 4, status: 1, apt: 101 },
      { num: 22, pat: 1, code: 4, status: 1, apt: 102 },
      { num: 23, pat: 1, code: 4, status: 1, apt: 103 },
      { num: 24, pat: 1, code: 1, status: 1, planned: 104 },
    );
    const read = await readAll();
    expect(read.appointments[0]).toEqual({
      row: 20,
      patient_name: 'Anna B Arch',
      patient_key: 'anna b arch',
      appt_date: '2026-12-01',
      code: 'D6114',
      provider: 'Michael Rodriguez',
      description: 'Fixed denture - maxillary',
      scheduled_status: 'Confirmed',
      location: 'Lakeside',
      phone: '(512) 555-0101',
    });
    // No confirmation, one of another category, one with no name: Scheduled.
    expect(read.appointments.map((r) => [r.row, r.appt_date, r.scheduled_status])).toEqual([
      [20, '2026-12-01', 'Confirmed'],
      [21, '2026-12-02', 'Scheduled'],
      [22, '2026-12-03', 'Scheduled'],
      [23, '2026-12-04', 'Scheduled'],
      [24, null, 'Planned'],
    ]);
    expect(read.skipped.appointments).toEqual([]);
  });

  it('does not read broken, complete or unscheduled appointments, nor procedures on none', async () => {
    await appointment(100, 1, 5, '2026-12-01 09:30:00');
    await appointment(101, 1, 2, '2026-12-02 09:30:00');
    await appointment(102, 1, 3, '0001-01-01 00:00:00');
    await appointment(103, 1, 6, '0001-01-01 00:00:00');
    await procs(
      { num: 20, pat: 1, code: 1, status: 1, apt: 100 },
      { num: 21, pat: 1, code: 1, status: 1, apt: 101 },
      { num: 22, pat: 1, code: 1, status: 1, apt: 102 },
      { num: 23, pat: 1, code: 1, status: 1 },
      // A planned appointment's number as AptNum (not PlannedAptNum) is not a scheduled one.
      { num: 24, pat: 1, code: 1, status: 1, apt: 103 },
      // Complete, or deleted, procedures on a scheduled appointment are not Future Scheduled.
      { num: 25, pat: 1, code: 1, status: 6, apt: 100 },
    );
    expect((await readAll()).appointments).toEqual([]);
  });

  it('prefers the scheduled appointment when a procedure is on a planned one too', async () => {
    await appointment(100, 1, 1, '2026-12-01 09:30:00', 1);
    await appointment(101, 1, 6, '0001-01-01 00:00:00');
    await procs({ num: 20, pat: 1, code: 1, status: 1, apt: 100, planned: 101 });
    expect((await readAll()).appointments.map((r) => [r.appt_date, r.scheduled_status])).toEqual([
      ['2026-12-01', 'Confirmed'],
    ]);
  });

  it("takes the appointment's provider when the procedure's is 0, and its clinic before the procedure's", async () => {
    await appointment(100, 1, 1, '2026-12-01 09:30:00', 0, 2, 0);
    await appointment(101, 1, 6, '0001-01-01 00:00:00', 0, 1, 2);
    await procs(
      { num: 20, pat: 1, code: 1, status: 1, apt: 100, prov: 0, clinic: 1 },
      { num: 21, pat: 1, code: 1, status: 1, apt: 100, prov: 1, clinic: 0 },
      { num: 22, pat: 1, code: 1, status: 1, planned: 101, prov: 0, clinic: 1 },
    );
    expect((await readAll()).appointments.map((r) => [r.row, r.provider, r.location])).toEqual([
      [20, 'Michael Rodriguez', 'Main Street'],
      [21, 'Dr. Sarah Chen', null],
      [22, 'Dr. Sarah Chen', 'Lakeside'],
    ]);
  });

  it('reads a mapped code of any patient and any code of a patient read, nothing else', async () => {
    await appointment(100, 1, 1, '2026-12-01 09:30:00');
    await appointment(101, 2, 1, '2026-12-02 09:30:00');
    await appointment(102, 3, 1, '2026-12-03 09:30:00');
    await procs(
      { num: 20, pat: 1, code: 5, status: 1, apt: 100 },
      { num: 21, pat: 2, code: 5, status: 1, apt: 101 },
      { num: 22, pat: 2, code: 1, status: 1, apt: 101 },
      { num: 23, pat: 3, code: 3, status: 1, apt: 102 },
    );
    const read = await readAll();
    expect(read.appointments.map((r) => [r.row, r.patient_name, r.code])).toEqual([
      [20, 'Anna B Arch', 'D1110'],
      [22, 'Rita Routine', 'D6114'],
      [23, 'Ned New', 'D0150'],
    ]);
    // Rita's complete procedure is still not read: her mapped code is only planned.
    expect(read.procedures.map((r) => r.patient_name)).toEqual(['Anna B Arch']);
  });

  it('skips a scheduled appointment dated 0001-01-01 with its ProcNum', async () => {
    await appointment(100, 1, 1, '0001-01-01 00:00:00');
    await procs({ num: 20, pat: 1, code: 1, status: 1, apt: 100 });
    expect((await readAll()).skipped.appointments).toEqual([
      { row: 20, reason: 'Invalid appointment date "0001-01-01"' },
    ]);
  });
});

describe('the read', () => {
  it('gives every Full Arch batch, in ProcNum order, before the Future Scheduled ones', async () => {
    await patient(1, 'Arch', 'Anna');
    await appointment(100, 1, 1, '2026-12-01 09:30:00');
    // Inserted out of order: ProcNum decides.
    await procs(
      { num: 9, pat: 1, code: 1, status: 1, apt: 100 },
      { num: 5, pat: 1, code: 1 },
      { num: 3, pat: 1, code: 2 },
      { num: 8, pat: 1, code: 2, status: 1, apt: 100 },
      { num: 4, pat: 1, code: 1 },
      { num: 1, pat: 1, code: 1, status: 1, apt: 100 },
    );
    const read = await readAll(MAPPED, 2);
    expect(read.kinds).toEqual(['raw-data', 'raw-data', 'future-scheduled', 'future-scheduled']);
    expect(read.procedures.map((r) => r.row)).toEqual([3, 4, 5]);
    expect(read.appointments.map((r) => r.row)).toEqual([1, 8, 9]);
  });

  it('sees one moment: rows written while it reads are not read', async () => {
    await patient(1, 'Arch', 'Anna');
    await appointment(100, 1, 1, '2026-12-01 09:30:00');
    await procs(
      { num: 1, pat: 1, code: 1 },
      { num: 2, pat: 1, code: 1 },
      { num: 3, pat: 1, code: 1, status: 1, apt: 100 },
    );
    const reader = readOpenDental(conn, MAPPED, { batchSize: 1 });
    const first = await reader.next();
    expect(first.value).toMatchObject({ kind: 'raw-data' });
    await procs({ num: 4, pat: 1, code: 1 }, { num: 5, pat: 1, code: 1, status: 1, apt: 100 });
    const rest: number[] = [];
    for await (const item of { [Symbol.asyncIterator]: () => reader })
      rest.push(...item.batch.records.map((r) => r.row));
    expect(rest).toEqual([2, 3]);
  });
});
