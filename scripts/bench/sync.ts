// The Open Dental sync against the CSV import of the same practice, in one process on one fresh
// database (docs/performance.md, "The Open Dental sync"): the bench's practice written as an Open
// Dental database on a throwaway local MariaDB, with as many procedures again of routine codes for
// patients the sync does not read (a real practice's cleanings and check-ups), then
//   1. the CSV import of the Full Arch Report (and the Future Scheduled file), as the bench does,
//   2. a sync, which replaces both,
// each timed, with the process's peak memory.
//   npx tsx scripts/bench/sync.ts [--rows 600000] [--pg postgres://...] [--port 33401]

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { initializeIfEmpty } from '../../server/config/service';
import { type Db, openPglite, openPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { runSync } from '../../server/sync/opendental/apply';
import { importFile } from '../../server/uploads/service';
import { generateSamples } from '../sample-data/index';
import { createOpenDentalDatabase } from '../sample-data/opendental-database';
import { DATASET, ensureDataset } from './dataset';

const SCRIPT = new URL('../mariadb.sh', import.meta.url).pathname;
const ACTOR = { id: null, username: 'bench' };
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

async function freshDatabase(url: string | undefined, dir: string): Promise<Db> {
  if (!url) return openPglite(dir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS bench_sync WITH (FORCE)');
  await client.query('CREATE DATABASE bench_sync');
  await client.end();
  const u = new URL(url);
  u.pathname = '/bench_sync';
  return openPostgres(u.toString());
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '600000' },
      pg: { type: 'string' },
      port: { type: 'string', default: '33401' },
    },
  });
  const dataset = await ensureDataset(join('.bench', 'data'), Number(values.rows), console.log);
  const serverDir = mkdtempSync(join(tmpdir(), 'fat-bench-mariadb-'));
  const workDir = mkdtempSync(join(tmpdir(), 'fat-bench-sync-'));
  try {
    const adminUrl = execFileSync(SCRIPT, ['start', serverDir, values.port as string], {
      encoding: 'utf8',
    }).trim();
    const reader = { user: 'bench_sync', password: 'bench-sync-password' };
    const admin = await createOpenDentalDatabase(adminUrl, 'opendental', reader);
    console.log(`Writing the practice (${dataset.patients} patients) as an Open Dental database...`);
    let started = performance.now();
    await generateSamples({
      ...DATASET,
      years: [...DATASET.years],
      patients: dataset.patients,
      outDir: workDir,
      formats: [],
      openDental: admin,
    });
    // As many procedures again, of a routine code, for patients with no code the sync reads.
    const [[{ read, routine, code }]] = (await admin.query(
      `SELECT COUNT(*) AS 'read',
         (SELECT MAX(PatNum) FROM patient) AS routine,
         (SELECT CodeNum FROM procedurecode WHERE ProcCode = 'D1110') AS code
       FROM procedurelog WHERE ProcStatus = 2`,
    )) as unknown as [{ read: number; routine: number; code: number }[]];
    await admin.query(
      `INSERT INTO patient (PatNum, LName, FName, MiddleI, HmPhone, WkPhone, WirelessPhone, ClinicNum)
       SELECT PatNum + ?, CONCAT(LName, 'x'), FName, MiddleI, HmPhone, WkPhone, WirelessPhone, ClinicNum FROM patient`,
      [routine],
    );
    await admin.query(
      `INSERT INTO procedurelog (PatNum, ProcDate, ProcFee, ProcStatus, ProvNum, ClinicNum, CodeNum, UnitQty)
       SELECT PatNum + ?, ProcDate, 130, 2, ProvNum, ClinicNum, ?, 1 FROM procedurelog WHERE ProcStatus = 2`,
      [routine, code],
    );
    await admin.end();
    console.log(
      `  ${((performance.now() - started) / 1000).toFixed(0)} s; ${read} complete procedures and as many routine ones`,
    );

    const db = await freshDatabase(values.pg, join(workDir, 'db'));
    await migrate(db);
    await initializeIfEmpty(db);
    const files = [
      ['raw-data', dataset.reportCsv.path],
      ['future-scheduled', dataset.futureCsv.path],
    ] as const;
    started = performance.now();
    for (const [kind, path] of files)
      await importFile(db, ACTOR, kind, { path, fileName: path.split('/').pop() as string }, true);
    const csvSeconds = (performance.now() - started) / 1000;
    const csvPeak = process.resourceUsage().maxRSS;
    console.log(`CSV import of both reports: ${csvSeconds.toFixed(1)} s (peak RSS so far ${mb(csvPeak)})`);
    const url = new URL(adminUrl);
    started = performance.now();
    const answer = await runSync(db, ACTOR, {
      host: url.hostname,
      port: Number(url.port),
      database: 'opendental',
      user: reader.user,
      password: reader.password,
    });
    const syncSeconds = (performance.now() - started) / 1000;
    const ratio = syncSeconds / csvSeconds;
    console.log(
      `Sync: ${syncSeconds.toFixed(1)} s for ${answer.full_arch} procedures and ${answer.future} appointments read; ${ratio.toFixed(2)}x the CSV import (target <= 1.5x: ${ratio <= 1.5 ? 'PASS' : 'MISS'}); peak RSS ${mb(process.resourceUsage().maxRSS)} (target <= 1 GB)`,
    );
    await db.close();
  } finally {
    try {
      execFileSync(SCRIPT, ['stop', serverDir]);
    } catch {
      // Already stopped.
    }
    rmSync(serverDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
