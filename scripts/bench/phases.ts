// Where an import's time goes: the product's own importFile, in this process, on a fresh database,
// with every statement timed. What is left of the wall time is reading, checking and the rest of
// the JavaScript. An import's rows are stored as they are read, so reading the file is inside the
// time of its COPY.
//   npx tsx scripts/bench/phases.ts --rows 60000 [--xlsx | --leads [--timeline]] [--pg postgres://...]

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { initializeIfEmpty, initializeSystem } from '../../server/config/service';
import { type Db, openPglite, openPostgres, type Tx } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { importFile } from '../../server/uploads/service';
import { ensureDataset } from './dataset';

const times = new Map<string, number>();
/** Each statement's start and end, in the order they ended, for --timeline. */
const spans: { label: string; started: number; ended: number }[] = [];

function record(label: string, started: number): void {
  const ended = performance.now();
  times.set(label, (times.get(label) ?? 0) + ended - started);
  spans.push({ label, started, ended });
}

function timedTx(tx: Tx): Tx {
  return {
    orm: tx.orm,
    async query(text, params) {
      const started = performance.now();
      try {
        return await tx.query(text, params);
      } finally {
        record(`SQL ${text.replace(/\s+/g, ' ').trim().slice(0, 60)}`, started);
      }
    },
    async copyRows(table, columns, rows) {
      const started = performance.now();
      try {
        await tx.copyRows(table, columns, rows);
      } finally {
        record(`COPY ${table} (with building its CSV)`, started);
      }
    },
    async copyBatches(table, columns, batches) {
      const started = performance.now();
      try {
        await tx.copyBatches(table, columns, batches);
      } finally {
        record(`COPY ${table} as its batches are made (with making them)`, started);
      }
    },
    copyOut: (table, columns) => tx.copyOut(table, columns),
    async copyText(table, columns, chunks, format) {
      const started = performance.now();
      try {
        await tx.copyText(table, columns, chunks, format);
      } finally {
        record(`COPY ${table} as the reading thread makes it`, started);
      }
    },
  };
}

function timedDb(db: Db): Db {
  return { ...db, ...timedTx(db), transaction: (fn) => db.transaction((tx) => fn(timedTx(tx))) };
}

async function freshDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS bench_phases WITH (FORCE)');
  await client.query('CREATE DATABASE bench_phases');
  await client.end();
  const u = new URL(url);
  u.pathname = '/bench_phases';
  return u.toString();
}

function report(title: string, wallMs: number, timeline?: { from: number }): void {
  console.log(`\n${title}: ${(wallMs / 1000).toFixed(2)} s wall`);
  if (timeline) {
    const at = (t: number) => ((t - timeline.from) / 1000).toFixed(2).padStart(5);
    for (const s of spans.sort((a, b) => a.started - b.started))
      if (s.ended - s.started >= 5) console.log(`  ${at(s.started)} - ${at(s.ended)} s  ${s.label}`);
  }
  spans.length = 0;
  let parts = 0;
  for (const [label, ms] of [...times].sort((a, b) => b[1] - a[1])) {
    parts += ms;
    if (ms >= 5) console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${label}`);
  }
  console.log(
    `${((wallMs - parts) / 1000).toFixed(2).padStart(8)} s  the rest: reading, checking, JavaScript`,
  );
  times.clear();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '60000' },
      xlsx: { type: 'boolean', default: false },
      leads: { type: 'boolean', default: false },
      pg: { type: 'string' },
      timeline: { type: 'boolean', default: false },
    },
  });
  const dataset = await ensureDataset(join('.bench', 'data'), Number(values.rows), console.log);
  const dir = join('.bench', 'work', 'phases');
  await rm(dir, { recursive: true, force: true });
  const raw = values.pg ? await openPostgres(await freshDatabase(values.pg)) : await openPglite(dir);
  try {
    await migrate(raw);
    await initializeIfEmpty(raw);
    const actor = { id: null, username: 'bench', ip: '127.0.0.1' };
    const untimed = (kind: 'future-scheduled' | 'raw-data', path: string) =>
      importFile(raw, actor, kind, { path, fileName: path.split('/').pop() as string }, true);
    await untimed('future-scheduled', dataset.futureCsv.path);
    const db = timedDb(raw);
    if (values.leads) {
      await untimed('raw-data', dataset.reportCsv.path);
      for (const [label, replace] of [
        ['first import', false],
        ['again, replacing', true],
        ['again, merging', false],
      ] as const) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const started = performance.now();
        await importFile(db, actor, 'leads', { path: dataset.leadsCsv.path, fileName: 'leads.csv' }, replace);
        const wall = performance.now() - started;
        report(
          `leads, ${dataset.rows.leads} rows, ${label}`,
          wall,
          values.timeline ? { from: started } : undefined,
        );
      }
      return;
    }
    const file = values.xlsx ? dataset.reportXlsx : dataset.reportCsv;
    for (const label of ['first import', 'again, replacing the same rows']) {
      // As the server does: the reading thread has started before the file arrives.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const started = performance.now();
      // How long the thread that answers requests is held up while the import runs.
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      await importFile(
        db,
        actor,
        'raw-data',
        { path: file.path, fileName: file.path.split('/').pop() as string },
        true,
      );
      delay.disable();
      console.log(
        `\nthe server's thread during it: longest wait ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`,
      );
      report(
        `${file.path.split('/').pop()}, ${dataset.rows.procedures} rows, ${label}`,
        performance.now() - started,
      );
    }
    const started = performance.now();
    await initializeSystem(db, actor);
    report('Scoresheet recalculation (initializeSystem)', performance.now() - started);
  } finally {
    await raw.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
