// A backup and a restore of the practice, beside PostgreSQL's own pg_dump -Fc and pg_restore of
// the same database on the same server (docs/performance.md, "Backups"), and how long the
// dashboard makes a user wait while a backup runs.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { runRestore } from '../../server/backups';
import { loadEnv } from '../../server/platform/env';
import { callJson } from './api';
import { sampleWaits, type WaitFigures } from './during';
import type { PgCluster } from './pg-server';
import { TARGETS } from './results';
import type { RunningServer } from './server';

export interface BackupFigures {
  backup: { seconds: number; bytes: number; waits: WaitFigures[] };
  restore: { seconds: number; rows: string };
  /** pg_dump -Fc and pg_restore of the same database: on a PostgreSQL server only. */
  reference: { dumpSeconds: number; dumpBytes: number; restoreSeconds: number } | null;
}

/** Back up now through the API while the dashboard is asked again and again. */
export async function measureBackup(
  server: RunningServer,
  token: string,
  waitPaths: string[],
): Promise<{ file: string; seconds: number; bytes: number; waits: WaitFigures[] }> {
  for (const p of waitPaths) await callJson(server.url, 'GET', p, token);
  const waits = sampleWaits(server.url, token, waitPaths);
  const started = performance.now();
  const res = await callJson(server.url, 'POST', '/api/admin/backups', token);
  const seconds = (performance.now() - started) / 1000;
  const figures = await waits.stop();
  if (res.status !== 200) throw new Error(`POST /api/admin/backups answered ${res.status}`);
  const { backup } = res.body as { backup: { file: string; size: number } };
  return { file: backup.file, seconds, bytes: backup.size, waits: figures };
}

const pgBin = () => {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root)
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return join(root, version as string, 'bin');
};

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function createDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(url, name);
}

/**
 * `npm run restore -- FILE` as the command runs it (read and checked whole, the schema made, every
 * table loaded, the migrations run), into a new data folder or a new database on the server.
 */
export async function measureRestore(
  file: string,
  serverDataDir: string,
  workDir: string,
  cluster: PgCluster | null,
): Promise<{ seconds: number; rows: string }> {
  const dataDir = join(workDir, 'restored');
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const key = readFileSync(join(serverDataDir, 'backup.key'), 'utf8').trim();
  const settings: Record<string, string> = { DATA_DIR: dataDir, BACKUP_KEY: key, LOG_LEVEL: 'silent' };
  if (cluster) settings.DATABASE_URL = await createDatabase(cluster.appUrl, 'bench_restored');
  const lines: string[] = [];
  const started = performance.now();
  const code = await runRestore([file], loadEnv(settings), (line) => lines.push(line));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`The restore failed: ${lines.join(' ')}`);
  return { seconds, rows: /: ([\d,]+ rows in \d+ tables)/.exec(lines[0])?.[1] ?? '' };
}

/** pg_dump -Fc of the app's database, and pg_restore of it into a new one. */
export async function measurePgDump(cluster: PgCluster, workDir: string) {
  const bin = pgBin();
  const dump = join(workDir, 'bench.dump');
  await rm(dump, { force: true });
  let started = performance.now();
  execFileSync(join(bin, 'pg_dump'), ['-Fc', '-f', dump, cluster.appUrl]);
  const dumpSeconds = (performance.now() - started) / 1000;
  const target = await createDatabase(cluster.appUrl, 'bench_pg_restored');
  started = performance.now();
  execFileSync(join(bin, 'pg_restore'), ['--no-owner', '-d', target, dump]);
  const restoreSeconds = (performance.now() - started) / 1000;
  return { dumpSeconds, dumpBytes: statSync(dump).size, restoreSeconds };
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const secs = (s: number) => `${s.toFixed(1)} s`;

/** The backups' rows: the backup, the restore, and the waits during the backup. */
export function backupRows(f: BackupFigures): string[][] {
  const ref = f.reference;
  const worst = Math.max(...f.backup.waits.map((w) => w.p99));
  return [
    [
      'backup (Back up now: written, read back, renamed)',
      `${secs(f.backup.seconds)}, ${mb(f.backup.bytes)}`,
      ref ? `pg_dump -Fc: ${secs(ref.dumpSeconds)}, ${mb(ref.dumpBytes)}` : '-',
      ref ? ratio(f.backup.seconds, ref.dumpSeconds) : '-',
      ref ? `<= ${TARGETS.backupRatio}x` : '-',
      ref ? pass(f.backup.seconds <= TARGETS.backupRatio * ref.dumpSeconds) : '-',
    ],
    [
      `restore (npm run restore, ${f.restore.rows})`,
      secs(f.restore.seconds),
      ref ? `pg_restore: ${secs(ref.restoreSeconds)}` : '-',
      ref ? ratio(f.restore.seconds, ref.restoreSeconds) : '-',
      ref ? `<= ${TARGETS.restoreRatio}x` : '-',
      ref ? pass(f.restore.seconds <= TARGETS.restoreRatio * ref.restoreSeconds) : '-',
    ],
    [
      'waits during the backup',
      f.backup.waits
        .map(
          (w) =>
            `${w.path.split('?')[0]}: ${w.requests} requests, p50 ${w.p50.toFixed(0)} ms, p99 ${w.p99.toFixed(0)} ms, max ${w.max.toFixed(0)} ms`,
        )
        .join('; '),
      '-',
      '-',
      `p99 <= ${TARGETS.backupWaitP99Ms} ms`,
      pass(worst <= TARGETS.backupWaitP99Ms),
    ],
  ];
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
