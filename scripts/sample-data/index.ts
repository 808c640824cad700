// Deterministic practice exports (Full Arch Report, Future Scheduled, Ignore List, Leads) for demos,
// tests and benchmarks. Memory stays flat at any size: a first pass keeps only the months each
// patient has procedures in (plus the small appointment and ignore lists), then the report is
// written month by month, regenerating just the patients with a procedure in that month, so it
// comes out sorted by date without ever holding every row.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { parts, toUtcDate } from './calendar.js';
import { CsvSink } from './csv-sink.js';
import { generateLeads, type LeadSurvey, newLeadSurvey } from './leads.js';
import { OpenDentalSink } from './opendental-sink.js';
import { type ApptRow, generatePatient, type IgnoreRow, type ProcRow } from './patient.js';
import { type Cell, MultiSink, type TableSink } from './sink.js';
import { apptCells, ignoreCells, leadCells, procCells, type TableKind, tableSpec } from './tables.js';
import { buildWorld, type World } from './world.js';
import { XLS_MAX_ROWS, XlsSink } from './xls-sink.js';
import { XlsxSink } from './xlsx-sink.js';

export type SampleFormat = 'csv' | 'xlsx' | 'xls';

export interface GenerateOptions {
  outDir: string;
  providers: number;
  patients: number;
  years: number[];
  seed: number;
  /** `YYYY-MM-DD`: procedures happen on or before it, appointments after it. */
  today: string;
  formats: SampleFormat[];
  /** Exactly this many leads (at least as many as the practice has anyway); default: those. */
  leads?: number;
  /** Also write the practice into this (empty) Open Dental database; `formats` may then be empty. */
  openDental?: Connection;
}

export interface GenerateResult {
  files: string[];
  rows: { procedures: number; appointments: number; ignore: number; leads: number };
}

export const DEFAULT_OPTIONS: Omit<GenerateOptions, 'outDir'> = {
  providers: 6,
  patients: 400,
  years: [2024, 2025, 2026],
  seed: 18,
  today: '2026-11-01',
  formats: ['csv', 'xlsx'],
};

/** Rows written between back-pressure checks. */
const FLUSH_EVERY = 2_000;
/** Procedure rows per patient are about 4; past this many patients .xls would overflow. */
const XLS_MAX_PATIENTS = Math.floor(XLS_MAX_ROWS / 5);

export async function generateSamples(opts: GenerateOptions): Promise<GenerateResult> {
  const formats = [...new Set(opts.formats)];
  if (formats.length === 0 && !opts.openDental)
    throw new Error('formats must name at least one of csv, xlsx, xls');
  if (formats.includes('xls') && opts.patients > XLS_MAX_PATIENTS) {
    throw new Error(
      `.xls holds at most ${XLS_MAX_ROWS} rows: use at most ${XLS_MAX_PATIENTS} patients with xls`,
    );
  }
  const world = buildWorld(opts);
  await mkdir(opts.outDir, { recursive: true });
  const files: string[] = [];
  const open = (kind: TableKind): TableSink => {
    const spec = tableSpec(kind, world);
    const sinks = formats.map((format) => {
      const path = join(opts.outDir, `${kind}.${format}`);
      files.push(path);
      if (format === 'csv') return new CsvSink(path, spec);
      if (format === 'xlsx') return new XlsxSink(path, spec, toUtcDate(world.today));
      return new XlsSink(path, spec);
    });
    return new MultiSink(sinks);
  };

  const { months, appts, ignores, leadSurvey } = survey(world);
  // The same rows, in the same order, also become an Open Dental database's procedures.
  const od = opts.openDental ? new OpenDentalSink(world, opts.openDental) : null;
  const procedures = await writeProcedures(world, months, open('full-arch-report'), od);
  await writeAll(open('future-scheduled'), appts.map(apptCells), (i) => od?.appointment(appts[i]), od);
  await writeAll(open('ignore-list'), ignores.map(ignoreCells));
  await od?.close();
  // The leads file is not part of an Open Dental database: its rows come from another system.
  const leads = formats.length > 0 ? generateLeads(world, leadSurvey, { total: opts.leads }) : [];
  if (formats.length > 0) await writeAll(open('leads'), leads.map(leadCells));
  const rows = { procedures, appointments: appts.length, ignore: ignores.length, leads: leads.length };
  return { files, rows };
}

interface Survey {
  /** Per calendar month (from the first listed year), the patients with a procedure in it. */
  months: number[][];
  appts: ApptRow[];
  ignores: IgnoreRow[];
  leadSurvey: LeadSurvey;
}

const CONSULT_CODES = new Set(['D0150', 'D9310']);

function monthIndex(world: World, day: number): number {
  const p = parts(day);
  return (p.year - parts(world.firstDay).year) * 12 + p.month - 1;
}

/** First pass: which months each patient's procedures fall in, and the two small files' rows.
 * About two month entries per patient: a few MB at 150,000 patients, against ~100 MB for the rows. */
function survey(world: World): Survey {
  const months: number[][] = Array.from({ length: monthIndex(world, world.lastDay) + 1 }, () => []);
  const appts: ApptRow[] = [];
  const ignores: IgnoreRow[] = [];
  const leadSurvey = newLeadSurvey(world.patients);
  leadSurvey.clinics = [...world.practice.offices.keys()];
  const clinicIndex = (location: string): number => leadSurvey.clinics.indexOf(location);
  for (let i = 0; i < world.patients; i++) {
    const rows = generatePatient(world, i);
    let previous = -1;
    // Procedures come sorted by day, so each month a patient is in shows up as one run.
    for (const r of rows.procs) {
      const m = monthIndex(world, r.day);
      if (m !== previous) months[m].push(i);
      previous = m;
      if (CONSULT_CODES.has(r.code)) {
        if (leadSurvey.consult[i] < 0) {
          leadSurvey.consult[i] = r.day;
          leadSurvey.clinic[i] = clinicIndex(r.location);
        }
        leadSurvey.lastConsult = Math.max(leadSurvey.lastConsult, r.day);
      }
    }
    if (rows.procs.length > 0) leadSurvey.firstVisit[i] = rows.procs[0].day;
    if (rows.procs.length > 0 || rows.appts.length > 0) leadSurvey.inFiles[i] = 1;
    const booked = rows.appts.find((a) => a.code === 'D0150');
    if (leadSurvey.consult[i] < 0 && booked) {
      if (booked.day === null) leadSurvey.consultTbd[i] = 1;
      else leadSurvey.consult[i] = booked.day;
      if (booked.location) leadSurvey.clinic[i] = clinicIndex(booked.location);
    }
    appts.push(...rows.appts);
    ignores.push(...rows.ignores);
  }
  // Booked visits by date, unbooked (TBD) ones at the end as schedulers list them.
  appts.sort((a, b) => (a.day ?? Infinity) - (b.day ?? Infinity) || a.patient - b.patient || a.seq - b.seq);
  ignores.sort((a, b) => a.year - b.year || a.name.localeCompare(b.name, 'en'));
  return { months, appts, ignores, leadSurvey };
}

/** Second pass, one calendar month at a time: only that month's rows are ever held. */
async function writeProcedures(
  world: World,
  months: readonly number[][],
  sink: TableSink,
  od: OpenDentalSink | null,
): Promise<number> {
  let written = 0;
  for (let m = 0; m < months.length; m++) {
    const batch: ProcRow[] = [];
    for (const i of months[m]) {
      for (const r of generatePatient(world, i).procs) if (monthIndex(world, r.day) === m) batch.push(r);
    }
    batch.sort((a, b) => a.day - b.day || a.patient - b.patient || a.seq - b.seq);
    for (const r of batch) {
      sink.row(procCells(r));
      od?.procedure(r);
      if (++written % FLUSH_EVERY === 0) {
        await sink.flush();
        await od?.flush();
      }
    }
  }
  await sink.close();
  return written;
}

/** Writes the rows; `also` hands each row on elsewhere too (the Open Dental database). */
async function writeAll(
  sink: TableSink,
  rows: readonly Cell[][],
  also?: (index: number) => void,
  od?: OpenDentalSink | null,
): Promise<void> {
  for (let i = 0; i < rows.length; i++) {
    sink.row(rows[i]);
    also?.(i);
    if ((i + 1) % FLUSH_EVERY === 0) {
      await sink.flush();
      await od?.flush();
    }
  }
  await sink.close();
}
