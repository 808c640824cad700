/**
 * The statements the sync reads Open Dental with, and the tables and columns they use (the
 * schema check names the first one missing). Only SELECTs: the sync never writes to Open Dental.
 */

import type { Connection } from 'mysql2';
import { normalizeCode } from '../../domain/names';

/**
 * Every table and column read, in the order docs/behaviour.md section 18 names them: the
 * procedures first, then what each procedure points at, then the appointments. The schema check
 * goes through them in this order, so a database that is not Open Dental's at all is told it
 * lacks `procedurelog`, the table everything else hangs from.
 */
export const COLUMNS_READ: readonly (readonly [table: string, columns: readonly string[]])[] = [
  [
    'procedurelog',
    [
      'ProcNum',
      'PatNum',
      'ProcStatus',
      'CodeNum',
      'ProcDate',
      'ProvNum',
      'ProcFee',
      'UnitQty',
      'BaseUnits',
      'ClinicNum',
      'AptNum',
      'PlannedAptNum',
    ],
  ],
  ['procedurecode', ['CodeNum', 'ProcCode', 'Descript']],
  ['patient', ['PatNum', 'LName', 'FName', 'MiddleI', 'WirelessPhone', 'HmPhone', 'WkPhone']],
  ['provider', ['ProvNum', 'Abbr', 'FName', 'LName']],
  ['clinic', ['ClinicNum', 'Description']],
  ['appointment', ['AptNum', 'AptStatus', 'AptDateTime', 'Confirmed', 'ProvNum', 'ClinicNum']],
  ['definition', ['DefNum', 'Category', 'ItemName']],
];

/** Open Dental's numbers for the states read (ProcStat, ApptStatus, DefCat). */
export const PROC_STATUS = { treatmentPlanned: 1, complete: 2 } as const;
export const APT_STATUS = { scheduled: 1, planned: 6 } as const;
export const DEF_CATEGORY_APPT_CONFIRMED = 2;

/** The rows of one statement; for the small lookups (the big reads stream, reader.ts). */
export function select<T>(connection: Connection, sql: string, values: unknown[] = []): Promise<T[]> {
  return new Promise((resolve, reject) =>
    connection.query(sql, values, (err, rows) => (err ? reject(err) : resolve(rows as T[]))),
  );
}

/** One transaction over a consistent snapshot, so every statement sees the same moment. */
export async function startSnapshot(connection: Connection): Promise<void> {
  // A server set to READ COMMITTED would give each statement its own moment.
  await select(connection, 'SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  await select(connection, 'START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
}

export interface CodeRow {
  CodeNum: number;
  ProcCode: string | null;
  Descript: string | null;
}

/** The procedure codes (a few thousand rows at most) and which of them are mapped. */
export async function readCodes(
  connection: Connection,
  mappedCodes: ReadonlySet<string>,
): Promise<{ codes: Map<number, CodeRow>; mappedCodeNums: number[] }> {
  const rows = await select<CodeRow>(connection, 'SELECT CodeNum, ProcCode, Descript FROM procedurecode');
  const mapped = new Set([...mappedCodes].map(normalizeCode));
  const codes = new Map<number, CodeRow>();
  const mappedCodeNums: number[] = [];
  for (const row of rows) {
    const num = Number(row.CodeNum);
    codes.set(num, row);
    // Compared after section 1's normalization, which SQL's TRIM and UPPER do not quite match
    // (Open Dental's ProcCode is case-sensitive, and trimming must cover tabs too).
    if (mapped.has(normalizeCode(row.ProcCode ?? ''))) mappedCodeNums.push(num);
  }
  return { codes, mappedCodeNums };
}

/** The patients read: those with a complete procedure of a mapped code. */
const readPatients = (codeNums: string) =>
  `SELECT m.PatNum FROM procedurelog m WHERE m.ProcStatus = ${PROC_STATUS.complete} AND m.CodeNum IN (${codeNums})`;

const PATIENT_COLUMNS = 'pt.LName, pt.FName, pt.MiddleI, pt.WirelessPhone, pt.HmPhone, pt.WkPhone';

/** Full Arch Report rows: the complete procedures of the patients read, in ProcNum order. */
export function fullArchSql(mappedCodeNums: readonly number[], count = false): string {
  const columns = count
    ? 'COUNT(*) AS n'
    : `p.ProcNum, p.ProcDate, p.CodeNum, p.ProvNum, p.ClinicNum, p.ProcFee, p.UnitQty, p.BaseUnits, ${PATIENT_COLUMNS}`;
  return `SELECT ${columns}
    FROM procedurelog p LEFT JOIN patient pt ON pt.PatNum = p.PatNum
    WHERE p.ProcStatus = ${PROC_STATUS.complete} AND p.PatNum IN (${readPatients(codeNumList(mappedCodeNums))})
    ${count ? '' : 'ORDER BY p.ProcNum'}`;
}

/**
 * Future Scheduled rows: treatment-planned procedures of a mapped code or of a patient read, on a
 * scheduled appointment (through AptNum) or a planned one (through PlannedAptNum).
 */
export function futureSql(mappedCodeNums: readonly number[], count = false): string {
  const codeNums = codeNumList(mappedCodeNums);
  const columns = count
    ? 'COUNT(*) AS n'
    : `p.ProcNum, p.CodeNum, p.ProvNum, p.ClinicNum,
       a.AptNum AS SchedAptNum, a.AptDateTime, a.Confirmed, a.ProvNum AS SchedProvNum, a.ClinicNum AS SchedClinicNum,
       pa.AptNum AS PlanAptNum, pa.ProvNum AS PlanProvNum, pa.ClinicNum AS PlanClinicNum, ${PATIENT_COLUMNS}`;
  return `SELECT ${columns}
    FROM procedurelog p
    LEFT JOIN appointment a ON a.AptNum = p.AptNum AND a.AptStatus = ${APT_STATUS.scheduled}
    LEFT JOIN appointment pa ON pa.AptNum = p.PlannedAptNum AND pa.AptStatus = ${APT_STATUS.planned}
    LEFT JOIN patient pt ON pt.PatNum = p.PatNum
    WHERE p.ProcStatus = ${PROC_STATUS.treatmentPlanned}
      AND (a.AptNum IS NOT NULL OR pa.AptNum IS NOT NULL)
      AND (p.CodeNum IN (${codeNums}) OR p.PatNum IN (${readPatients(codeNums)}))
    ${count ? '' : 'ORDER BY p.ProcNum'}`;
}

/** CodeNums are numbers read from the database, written into the statement as such. */
function codeNumList(codeNums: readonly number[]): string {
  if (codeNums.length === 0) throw new Error('No mapped code to read');
  return codeNums.map((n) => String(Math.trunc(Number(n)))).join(', ');
}
