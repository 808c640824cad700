// `npm run bench`: the product's import, recalculation and dashboard speed on a large practice
// group, each figure beside a reference measured in the same run on the same file. See
// docs/performance.md for the method and the latest results.

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportKind } from '../../common/api/imports';
import { callJson, importFile, signIn } from './api';
import { type BackupFigures, backupRows, measureBackup, measurePgDump, measureRestore } from './backups';
import { measureBundle } from './bundle';
import { percentile, timeWriteThenRead, writeActivities } from './case-work';
import {
  type CleanCopyReference,
  cleanCopyPglite,
  cleanCopyPostgres,
  type NormalizedRows,
  normalizeLeads,
  normalizeRows,
} from './clean-copy';
import { copyReferencePglite, copyReferencePostgres } from './copy-reference';
import { dashboardPaths, detailListSizes, MARKETING_PATH, YEAR } from './dashboard';
import { ensureDataset } from './dataset';
import { sampleWaits } from './during';
import { runLoad } from './load';
import { describeMachine } from './machine';
import { rssBytes, samplePeakRss } from './memory';
import { parseOptions, USAGE } from './options';
import { parseXlsxAlone, parseXlsxWithExcelJs, readAndValidate } from './parse-reference';
import { type PgCluster, startPgCluster } from './pg-server';
import type { BenchResults, ImportFigure, LeadsFigures } from './results';
import { type RunningServer, startServer } from './server';
import { formatImports, formatLeads, formatResults, table } from './table';

const ROOT = '.bench';
const ADMIN_PASSWORD = 'bench-admin-password';

const log = (line: string) => console.log(`[bench] ${line}`);

/** Asked again and again while each report imports: the health check and a dashboard figure. */
const WAIT_PATHS = ['/api/health', `/api/dashboard/consult-overview?year=${YEAR}`];

async function timedImport(
  server: RunningServer,
  token: string,
  path: string,
  bytes: number,
  kind: ImportKind = 'raw-data',
): Promise<ImportFigure> {
  // The figure asked during the import is computed first: what is measured is the import's doing.
  for (const p of WAIT_PATHS) await callJson(server.url, 'GET', p, token);
  // A user's next upload comes seconds after the last: the thread that reads it has started by then.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const sampler = samplePeakRss(server.pid);
  const waits = sampleWaits(server.url, token, WAIT_PATHS);
  const result = await importFile(server.url, token, kind, path, true);
  const peakRssBytes = sampler.stop();
  const waitFigures = await waits.stop();
  for (const w of waitFigures)
    log(
      `  GET ${w.path} during it: ${w.requests} requests, p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms at ${w.maxAt.toFixed(1)} s of ${result.seconds.toFixed(1)} s`,
    );
  return {
    seconds: result.seconds,
    rows: result.recordsImported,
    fileBytes: bytes,
    peakRssBytes,
    waits: waitFigures,
  };
}

/**
 * Saving a code mapping unchanged: one small transaction around the scoresheet recalculation, the
 * same work an edit on the Configuration tab sets off. Three times; the median is reported.
 */
async function timeRecalculation(base: string, token: string): Promise<number[]> {
  const list = await callJson(base, 'GET', '/api/config/code-mappings', token);
  const [mapping] = (
    list.body as { code_mappings: { proc_code: string; label: string; value: number | null }[] }
  ).code_mappings;
  const seconds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await callJson(
      base,
      'PUT',
      `/api/config/code-mappings/${encodeURIComponent(mapping.proc_code)}`,
      token,
      mapping,
    );
    if (res.status !== 200)
      throw new Error(`Saving code mapping ${mapping.proc_code} answered ${res.status}`);
    seconds.push((performance.now() - started) / 1000);
  }
  return seconds;
}

/** Writes a run's table and figures to .bench/results/. */
async function save(name: string, text: string, figures: unknown): Promise<void> {
  const outDir = join(ROOT, 'results');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(join(outDir, `${name}.md`), `${text}\n`);
  log(`Saved to ${join(outDir, `${name}.md`)} and .json`);
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  if (!opts) {
    console.log(USAGE);
    return;
  }
  const machine = describeMachine();
  const dataset = await ensureDataset(join(ROOT, 'data'), opts.rows, log);
  const csv = dataset.reportCsv;
  const xlsx = dataset.reportXlsx;
  log(
    `Data set: ${dataset.rows.procedures} procedure rows, ${dataset.rows.appointments} appointments (${dataset.dir})`,
  );
  // The leads alone need no web build.
  const bundle = opts.leadsOnly || opts.backupsOnly ? null : await measureBundle('dist/web', log);

  let cluster: PgCluster | null = null;
  let server: RunningServer | null = null;
  const stopAll = async () => {
    await server?.stop();
    server = null;
    cluster?.stop();
    cluster = null;
  };
  const onSignal = () => {
    stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (opts.pg) {
      log(`Starting a PostgreSQL cluster on port ${opts.pgPort}...`);
      cluster = await startPgCluster(opts.pgPort);
    }
    const database = cluster
      ? `PostgreSQL ${(cluster as PgCluster).version} server (fsync off, on this machine)`
      : `embedded PGlite ${machine.pglite} (data folder on disk)`;

    /** A clean COPY of rows normalized beforehand, into a database of its own. */
    const cleanCopy = async (rows: NormalizedRows, name: string): Promise<CleanCopyReference> => {
      const figure = cluster
        ? await cleanCopyPostgres(rows, (cluster as PgCluster).cleanUrl)
        : await cleanCopyPglite(rows, join(ROOT, 'work', name));
      rows.chunks.length = 0;
      log(
        `  ${figure.seconds.toFixed(1)} s for ${figure.rows} rows (normalized in ${figure.normalizeSeconds.toFixed(1)} s, not timed)`,
      );
      return figure;
    };
    const reportReferences = async () => {
      log('Reference: COPY of the CSV into the procedures table...');
      const copyReference = cluster
        ? await copyReferencePostgres(csv.path, (cluster as PgCluster).referenceUrl)
        : await copyReferencePglite(csv.path, join(ROOT, 'work', 'copy-reference'));
      log(`  ${copyReference.totalSeconds.toFixed(1)} s for ${copyReference.rows} rows`);
      log("Reference: clean COPY of the rows, normalized beforehand by the product's reader...");
      const reportCleanCopy = await cleanCopy(await normalizeRows(csv.path), 'clean-copy');
      log('Reference: streaming parse of the XLSX alone (ExcelJS WorkbookReader)...');
      const xlsxParseAlone = await parseXlsxWithExcelJs(xlsx.path);
      log(`  ${xlsxParseAlone.seconds.toFixed(1)} s for ${xlsxParseAlone.rows} rows`);
      const xlsxOwnParseAlone = await parseXlsxAlone(xlsx.path);
      log('Reading and validating each file without storing...');
      const csvReadAlone = await readAndValidate(csv.path, 'full-arch-report.csv');
      const xlsxReadAlone = await readAndValidate(xlsx.path, 'full-arch-report.xlsx');
      return {
        copyReference,
        cleanCopy: reportCleanCopy,
        xlsxParseAlone,
        xlsxOwnParseAlone,
        csvReadAlone,
        xlsxReadAlone,
      };
    };

    // The references run first, with no server running.
    const references = opts.leadsOnly || opts.backupsOnly ? null : await reportReferences();
    const leadsReference = async () => {
      log(
        "Reference: clean COPY of the leads into the leads table, normalized beforehand by the product's reader...",
      );
      return cleanCopy(await normalizeLeads(dataset.leadsCsv.path), 'clean-copy-leads');
    };
    const leadsCleanCopy = opts.backupsOnly ? null : await leadsReference();

    const dataDir = join(ROOT, 'work', 'server');
    await rm(dataDir, { recursive: true, force: true });
    const profiles = join(ROOT, 'profiles');
    if (opts.cpuProf) await mkdir(profiles, { recursive: true });
    log(`Starting the server on port ${opts.port}...`);
    const running = await startServer({
      port: opts.port,
      dataDir,
      databaseUrl: cluster ? (cluster as PgCluster).appUrl : undefined,
      adminPassword: ADMIN_PASSWORD,
      cpuProfDir: opts.cpuProf ? profiles : undefined,
    });
    server = running;
    const token = await signIn(running.url, ADMIN_PASSWORD);
    const serverIdleRssBytes = rssBytes(running.pid);

    /** The leads over the whole practice, replacing any: each matched by name, else by phone. */
    const importLeads = async (): Promise<LeadsFigures> => {
      if (!leadsCleanCopy) throw new Error('The leads have no reference in this run');
      log(`Importing the leads (${dataset.rows.leads} rows) over the practice...`);
      const figure = await timedImport(
        running,
        token,
        dataset.leadsCsv.path,
        dataset.leadsCsv.bytes,
        'leads',
      );
      log(
        `  ${figure.seconds.toFixed(1)} s (${(figure.seconds / leadsCleanCopy.seconds).toFixed(2)}x the clean COPY), peak RSS ${Math.round(figure.peakRssBytes / 1024 ** 2)} MB`,
      );
      return { cleanCopy: leadsCleanCopy, import: figure };
    };
    const load = async (path: string, withToken = true) => {
      log(`Load: GET ${path} (${opts.warmSeconds} s warm-up, ${opts.loadSeconds} s measured)`);
      const auth = withToken ? token : null;
      await runLoad(running.url, path, auth, opts.warmSeconds, opts.connections);
      const result = await runLoad(running.url, path, auth, opts.loadSeconds, opts.connections);
      log(
        `  ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
      );
      return result;
    };

    /** Back up now while the dashboard is asked; then, the server stopped, the restore and pg_dump's. */
    const backups = async (): Promise<BackupFigures> => {
      log('Back up now, the dashboard asked meanwhile...');
      const made = await measureBackup(running, token, WAIT_PATHS);
      log(`  ${made.seconds.toFixed(1)} s, ${Math.round(made.bytes / 1024 ** 2)} MB`);
      for (const w of made.waits)
        log(
          `  GET ${w.path} during it: p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms`,
        );
      await running.stop();
      server = null;
      log('npm run restore of it into an empty database...');
      const work = join(ROOT, 'work');
      const restore = await measureRestore(join(dataDir, 'backups', made.file), dataDir, work, cluster);
      log(`  ${restore.seconds.toFixed(1)} s (${restore.rows})`);
      let reference: BackupFigures['reference'] = null;
      if (cluster) {
        log('Reference: pg_dump -Fc of the same database, and pg_restore of it...');
        reference = await measurePgDump(cluster, work);
        log(
          `  ${reference.dumpSeconds.toFixed(1)} s, ${Math.round(reference.dumpBytes / 1024 ** 2)} MB; pg_restore ${reference.restoreSeconds.toFixed(1)} s`,
        );
      }
      return { backup: { seconds: made.seconds, bytes: made.bytes, waits: made.waits }, restore, reference };
    };
    const backupsTable = (f: BackupFigures) =>
      table(
        ['figure', 'measured', 'reference (same run, same database)', 'ratio', 'target', 'result'],
        backupRows(f),
      );

    log('Importing the future appointments and the ignore list...');
    await importFile(running.url, token, 'future-scheduled', dataset.futureCsv.path, true);
    await importFile(running.url, token, 'ignore-list', dataset.ignoreCsv.path, false);

    if (opts.backupsOnly) {
      log('Importing the CSV report and the leads (not timed)...');
      await importFile(running.url, token, 'raw-data', csv.path, true);
      await importFile(running.url, token, 'leads', dataset.leadsCsv.path, true);
      const figures = {
        machine,
        database,
        dataset: { patients: dataset.patients, ...dataset.rows },
        backups: await backups(),
      };
      await stopAll();
      const text = [
        `Database: ${database}. Data: ${dataset.rows.procedures} procedure rows, ${dataset.rows.leads} leads, ${dataset.rows.appointments} future appointments, ${dataset.patients} patients.`,
        `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.ramGb} GB RAM, Node ${machine.node}, ${machine.date} UTC.`,
        '',
        backupsTable(figures.backups),
      ].join('\n');
      console.log(`\n${text}\n`);
      await save(`${opts.pg ? 'postgres' : 'embedded'}-backups-${opts.rows}`, text, figures);
      return;
    }

    if (references === null || bundle === null) {
      log('Importing the CSV report (not timed)...');
      await importFile(running.url, token, 'raw-data', csv.path, true);
      const leads = await importLeads();
      // Asked once first, as dashboardPaths asks every panel: the load measures it warm.
      const first = await callJson(running.url, 'GET', MARKETING_PATH, token);
      if (first.status !== 200) throw new Error(`GET ${MARKETING_PATH} answered ${first.status}`);
      const verifyToken = await load('/api/auth/verify-token');
      const marketing = await load(MARKETING_PATH);
      await stopAll();
      const figures = {
        machine,
        database,
        dataset: { patients: dataset.patients, ...dataset.rows },
        leads,
        load: {
          seconds: opts.loadSeconds,
          warmSeconds: opts.warmSeconds,
          connections: opts.connections,
          verifyToken,
          marketing,
        },
      };
      const text = formatLeads(figures);
      console.log(`\n${text}\n`);
      await save(`${opts.pg ? 'postgres' : 'embedded'}-leads-${opts.rows}`, text, figures);
      return;
    }

    log('Importing the CSV report...');
    const csvImport = await timedImport(running, token, csv.path, csv.bytes);
    log(
      `  ${csvImport.seconds.toFixed(1)} s (${(csvImport.seconds / references.cleanCopy.seconds).toFixed(2)}x the clean COPY), peak RSS ${Math.round(csvImport.peakRssBytes / 1024 ** 2)} MB`,
    );
    log('Importing the XLSX report (replacing the same rows)...');
    const xlsxImport = await timedImport(running, token, xlsx.path, xlsx.bytes);
    log(
      `  ${xlsxImport.seconds.toFixed(1)} s (${(xlsxImport.seconds / references.cleanCopy.seconds).toFixed(2)}x the clean COPY), peak RSS ${Math.round(xlsxImport.peakRssBytes / 1024 ** 2)} MB`,
    );
    if (opts.importsOnly) {
      const leads = await importLeads();
      console.log(
        `\n${formatImports({ dataset: { patients: dataset.patients, ...dataset.rows }, cleanCopy: references.cleanCopy, csvImport, xlsxImport, leads, serverIdleRssBytes })}`,
      );
      return;
    }

    // As a user opening the Dashboard right after the import: nothing of the new data is loaded yet.
    const firstStart = performance.now();
    const first = await callJson(running.url, 'GET', `/api/dashboard/consult-overview?year=${YEAR}`, token);
    if (first.status !== 200) throw new Error(`GET /api/dashboard/consult-overview answered ${first.status}`);
    const firstCallAfterImportSeconds = (performance.now() - firstStart) / 1000;
    log(`  first dashboard request after it: ${firstCallAfterImportSeconds.toFixed(2)} s`);
    // After the first call, which stays the one after the XLSX report: the leads are then with
    // the practice for the recalculation and every load test, the Marketing return's among them.
    const leads = await importLeads();

    log('Recalculating the scoresheet three times...');
    const recalculationSeconds = await timeRecalculation(running.url, token);

    const coldStart = performance.now();
    const cold = await callJson(running.url, 'GET', '/api/dashboard/providers', token);
    if (cold.status !== 200) throw new Error(`GET /api/dashboard/providers answered ${cold.status}`);
    const dashboardColdSeconds = (performance.now() - coldStart) / 1000;
    const paths = await dashboardPaths(running.url, token);
    const detailLists = await detailListSizes(running.url, token, paths);

    const verifyToken = await load('/api/auth/verify-token');
    const health = await load('/api/health', false);
    const dashboard = [];
    for (const path of paths) dashboard.push(await load(path));

    log(`Case follow-up: writing ${opts.activities} activities over the due patients...`);
    const written = await writeActivities(running.url, token, opts.activities);
    log(`  ${written.seconds.toFixed(1)} s`);
    const caseLoad = [];
    for (const path of ['/api/worklist?limit=100', '/api/worklist?limit=100&assigned_to=me'])
      caseLoad.push(await load(path));
    const writeThenReadMs = await timeWriteThenRead(running.url, token, written.patients, 200);
    log(`  a call logged, then the worklist read: p99 ${percentile(writeThenReadMs, 99).toFixed(0)} ms`);

    const backupFigures = await backups();
    await stopAll();
    const results: BenchResults = {
      machine,
      database,
      rowsOption: opts.rows,
      dataset: { patients: dataset.patients, ...dataset.rows },
      ...references,
      csvImport,
      xlsxImport,
      leads,
      recalculationSeconds,
      firstCallAfterImportSeconds,
      dashboardColdSeconds,
      detailLists,
      serverIdleRssBytes,
      load: {
        seconds: opts.loadSeconds,
        warmSeconds: opts.warmSeconds,
        connections: opts.connections,
        verifyToken,
        health,
        dashboard,
        caseWork: caseLoad,
      },
      caseWork: { activities: opts.activities, writeSeconds: written.seconds, writeThenReadMs },
      bundle,
      backups: backupFigures,
    };
    const text = `${formatResults(results)}\n\n${backupsTable(backupFigures)}`;
    console.log(`\n${text}\n`);
    await save(`${opts.pg ? 'postgres' : 'embedded'}-${opts.rows}`, text, results);
  } finally {
    await stopAll();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
