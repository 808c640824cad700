// The sample practice written as an Open Dental database by the same generation pass as
// samples/*.csv: syncing it reads exactly what importing the two files gives for the patients a
// sync reads (docs/behaviour.md, "Sync from Open Dental", "The sample practice in Open Dental").

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, generateSamples } from '../../../scripts/sample-data/index';
import { DEFAULT_CODE_MAPPINGS } from '../../domain/default-mappings';
import { readImportFile } from '../../file-reading';
import type {
  AppointmentRecord,
  ImportKind,
  ImportRecord,
  ProcedureRecord,
  RowIssue,
} from '../../file-reading/types';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';
import { type MariaDb, newOpenDentalDatabase, useMariaDb } from '../../test/mariadb';
import { importFile } from '../../uploads/service';
import { runSync } from './apply';
import type { OdConnection } from './connection';
import { readOpenDental } from './reader';

const SAMPLES = new URL('../../../samples/', import.meta.url).pathname;
const MAPPED = new Set(DEFAULT_CODE_MAPPINGS.map((m) => m.proc_code));

let server: MariaDb;
let admin: Connection;
let conn: OdConnection;
let drop: () => Promise<void>;
const sync = {
  procedures: [] as ProcedureRecord[],
  appointments: [] as AppointmentRecord[],
  skipped: [] as RowIssue[],
};
const file = {
  procedures: [] as ProcedureRecord[],
  appointments: [] as AppointmentRecord[],
  skipped: [] as RowIssue[],
};

async function readFile<K extends ImportKind>(name: string, kind: K): Promise<ImportRecord<K>[]> {
  const records: ImportRecord<K>[] = [];
  for await (const batch of readImportFile(join(SAMPLES, name), name, kind)) {
    records.push(...batch.records);
    file.skipped.push(...batch.skipped);
  }
  return records;
}

beforeAll(async () => {
  server = await useMariaDb();
  ({ admin, conn, drop } = await newOpenDentalDatabase(server));
  const outDir = mkdtempSync(join(tmpdir(), 'fat-od-sample-'));
  try {
    await generateSamples({ ...DEFAULT_OPTIONS, outDir, formats: ['csv'], openDental: admin });
    // The one pass wrote the bundled sample files too: the comparison below is with that pass.
    for (const name of ['full-arch-report.csv', 'future-scheduled.csv'])
      expect(readFileSync(join(outDir, name)).equals(readFileSync(join(SAMPLES, name)))).toBe(true);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  for await (const { kind, batch } of readOpenDental(conn, MAPPED)) {
    if (kind === 'raw-data') sync.procedures.push(...batch.records);
    else sync.appointments.push(...batch.records);
    sync.skipped.push(...batch.skipped);
  }
  file.procedures = await readFile('full-arch-report.csv', 'raw-data');
  file.appointments = await readFile('future-scheduled.csv', 'future-scheduled');
});
afterAll(async () => {
  await drop?.();
  await server?.stop();
});

/** A record without what differs by nature: the row number (ProcNum against file line) and the name as typed on that row. */
function facts<R extends { row: number; patient_name: string }>({ row, patient_name, ...rest }: R) {
  return rest;
}

/** Each patient's display name: the first seen, Full Arch Report first (section 1). */
function displayNames(
  records: readonly { patient_key: string; patient_name: string }[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const r of records) if (!names.has(r.patient_key)) names.set(r.patient_key, r.patient_name);
  return names;
}

const cancelled = (status: string) => /cancel|broken|no[ -]show/i.test(status);

describe('the sample practice synced from Open Dental', () => {
  it('reads every procedure of the patients with a mapped code, as the report file gives them', () => {
    const readPatients = new Set(file.procedures.filter((r) => MAPPED.has(r.code)).map((r) => r.patient_key));
    const expected = file.procedures.filter((r) => readPatients.has(r.patient_key));
    // The routine patients are left in Open Dental.
    expect(expected.length).toBeLessThan(file.procedures.length);
    expect(sync.procedures.map(facts)).toEqual(expected.map(facts));
    expect(new Set(sync.procedures.map((r) => r.patient_key))).toEqual(readPatients);
  });

  it('reads the appointments that count of a mapped code or of a patient read; TBD ones as Planned', () => {
    const readPatients = new Set(sync.procedures.map((r) => r.patient_key));
    const expected = file.appointments
      .filter((r) => !cancelled(r.scheduled_status))
      .filter((r) => MAPPED.has(r.code) || readPatients.has(r.patient_key))
      .map((r) => (r.appt_date === null ? { ...r, scheduled_status: 'Planned' } : r));
    // Some of the file's rows are not read: cancelled or missed visits (broken appointments in
    // Open Dental) and routine patients' visits of no mapped code.
    expect(file.appointments.some((r) => cancelled(r.scheduled_status))).toBe(true);
    expect(expected.length).toBeLessThan(file.appointments.length - 5);
    expect(sync.appointments.map(facts)).toEqual(expected.map(facts));
  });

  it('gives every patient read the display name the files give, and skips no row of either', () => {
    const synced = displayNames([...sync.procedures, ...sync.appointments]);
    const imported = displayNames([...file.procedures, ...file.appointments]);
    for (const [key, name] of synced) expect([key, name]).toEqual([key, imported.get(key)]);
    expect(sync.skipped).toEqual([]);
    expect(file.skipped).toEqual([]);
  });

  it('stores the sample the other ways Open Dental allows, to the same effect', async () => {
    const [[counts]] = (await admin.query(`SELECT
        SUM(UnitQty + BaseUnits <> 1) AS units,
        SUM(ProcStatus = 1 AND ProvNum = 0) AS apt_provider,
        (SELECT COUNT(*) FROM appointment WHERE AptStatus = 6) AS planned,
        (SELECT COUNT(*) FROM appointment WHERE AptStatus = 5) AS broken,
        (SELECT COUNT(*) FROM appointment WHERE AptStatus = 1 AND ClinicNum = 0) AS apt_no_clinic,
        (SELECT COUNT(*) FROM provider WHERE Abbr = '') AS no_abbr,
        (SELECT COUNT(*) FROM patient WHERE WirelessPhone = '' AND HmPhone <> '') AS home_phone,
        (SELECT COUNT(*) FROM patient WHERE WirelessPhone = '' AND HmPhone = '' AND WkPhone <> '') AS work_phone
      FROM procedurelog`)) as unknown as [Record<string, string | number>[]];
    for (const [what, n] of Object.entries(counts)) expect([what, Number(n) > 0]).toEqual([what, true]);
  });
});

/**
 * The figures of the two ways in: the sample files imported, and the sample practice synced from
 * Open Dental (both with the sample Ignore List, which stays a file), on either database. Every
 * figure, list and patient the Dashboard, Follow-ups and Patient Lookup show is equal; the only
 * difference is that a synced patient's lookup lacks the cancelled and missed visits, which count
 * in no figure (they are broken appointments in Open Dental, not read).
 */
describe('the figures of the sample practice, imported from files or synced', () => {
  let imported: TestContext;
  let synced: TestContext;
  const tokens = new Map<TestContext, string>();

  async function load(t: TestContext, files: [ImportKind, string, string][]) {
    for (const [kind, path, name] of files)
      await importFile(t.db, { id: null, username: 'test' }, kind, { path, fileName: name }, true);
    tokens.set(t, await t.login('admin', ADMIN_PASSWORD));
  }

  async function get(t: TestContext, url: string): Promise<unknown> {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens.get(t)!) });
    expect([url, res.statusCode]).toEqual([url, 200]);
    // Each database keys its patients' ids with a secret of its own (server/patients/refs.ts): the
    // two answers are compared without them.
    return JSON.parse(res.body, (field, value) => (field === 'patient_id' ? undefined : value));
  }

  async function same(url: string): Promise<unknown> {
    const answer = await get(imported, url);
    expect([url, await get(synced, url)]).toEqual([url, answer]);
    return answer;
  }

  beforeAll(async () => {
    imported = await createTestContext();
    synced = await createTestContext();
    const ignore: [ImportKind, string, string] = [
      'ignore-list',
      join(SAMPLES, 'ignore-list.csv'),
      'ignore-list.csv',
    ];
    await load(imported, [
      ['raw-data', join(SAMPLES, 'full-arch-report.csv'), 'full-arch-report.csv'],
      ['future-scheduled', join(SAMPLES, 'future-scheduled.csv'), 'future-scheduled.csv'],
      ignore,
    ]);
    const answer = await runSync(synced.db, { id: null, username: 'test' }, conn);
    expect(answer).toMatchObject({
      full_arch: sync.procedures.length,
      future: sync.appointments.length,
      rows_skipped: 0,
    });
    await load(synced, [ignore]);
  });
  afterAll(async () => {
    await imported?.close();
    await synced?.close();
  });

  it('gives the same scoresheet, providers, locations and Follow-ups', async () => {
    await same('/api/scoresheet');
    await same('/api/dashboard/providers');
    await same('/api/dashboard/locations');
    await same('/api/worklist');
    await same('/api/worklist?include_scheduled=true');
    await same('/api/worklist?as_of=2026-01-15&include_scheduled=true');
  });

  it('gives the same Dashboard for every year, every provider and every location', async () => {
    const { providers } = (await same('/api/dashboard/providers')) as { providers: string[] };
    const { locations } = (await same('/api/dashboard/locations')) as { locations: string[] };
    const filters = [
      '',
      ...providers.map((p) => `&provider=${encodeURIComponent(p)}`),
      ...locations.map((l) => `&location=${encodeURIComponent(l)}`),
    ];
    const panels = [
      'consult-overview',
      'arch-cases-by-month',
      'future-case-value',
      'summary',
      'pipeline',
      'trends',
      'pending-finance-details',
    ];
    for (const year of DEFAULT_OPTIONS.years)
      for (const filter of filters)
        for (const panel of panels) await same(`/api/dashboard/${panel}?year=${year}${filter}`);
  });

  it('gives every synced patient the same lookup, less the cancelled and missed visits', async () => {
    const keys = new Set([...sync.procedures, ...sync.appointments].map((r) => r.patient_key));
    expect(keys.size).toBeGreaterThan(100);
    for (const key of keys) {
      const url = `/api/patient/lookup?name=${encodeURIComponent(key)}`;
      const fromFiles = (await get(imported, url)) as {
        data: { future_appointments: { scheduled_status: string }[] };
      };
      fromFiles.data.future_appointments = fromFiles.data.future_appointments.filter(
        (a) => !cancelled(a.scheduled_status),
      );
      expect([key, await get(synced, url)]).toEqual([key, fromFiles]);
    }
  });
});
