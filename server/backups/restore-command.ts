/**
 * `npm run restore -- FILE [--check] [--force]` (docs/behaviour.md section 21), with the server
 * stopped. Every refusal is one line saying why, and leaves the target as it was.
 */
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Db, openPglite, openPostgres } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { lockStartup } from '../db/startup-lock';
import type { Env } from '../platform/env';
import { readKeyFile } from '../platform/key-file';
import { BackupFileError } from './backup-file';
import { RestoreRefused, type RestoreSummary, restoreBackup } from './restore';
import { backupKeyPath } from './service';

export const RESTORE_USAGE = 'Use: npm run restore -- FILE [--check] [--force]';

interface Args {
  file: string;
  check: boolean;
  force: boolean;
}

/** The command's words for a reason it stops, as opposed to a fault. */
class Refusal extends Error {}

function parseArgs(argv: string[]): Args {
  const flags = argv.filter((a) => a.startsWith('--'));
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = flags.find((f) => f !== '--check' && f !== '--force');
  if (unknown) throw new Refusal(`Unknown option ${unknown}. ${RESTORE_USAGE}`);
  if (files.length !== 1) throw new Refusal(`Name one backup file. ${RESTORE_USAGE}`);
  return { file: resolve(files[0]), check: flags.includes('--check'), force: flags.includes('--force') };
}

async function backupKey(env: Env): Promise<Buffer> {
  if (env.backup.key) return env.backup.key;
  const path = backupKeyPath(env.dataDir);
  const key = await readKeyFile(path);
  if (!key)
    throw new Refusal(
      `No backup key: set BACKUP_KEY to the key the backup was made with, or put its backup.key at ${path}`,
    );
  return key;
}

const total = (s: RestoreSummary) => Object.values(s.counts).reduce((a, b) => a + b, 0);
const n = (v: number) => v.toLocaleString('en-US');
const made = (s: RestoreSummary) =>
  `made ${s.header.created_at.replace('T', ' ').slice(0, 19)} UTC by version ${s.header.app_version}`;

/** Runs the command; answers the exit code. `say` prints a line for the person at the console. */
export async function runRestore(argv: string[], env: Env, say: (line: string) => void): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (!existsSync(args.file)) throw new Refusal(`No file at ${args.file}`);
    const key = await backupKey(env);
    if (args.check) {
      // A throwaway database in memory: the real one is not opened at all.
      const scratch = await openPglite(undefined);
      try {
        const summary = await restoreBackup(scratch, args.file, key);
        say(`${args.file} is whole and readable (${made(summary)}):`);
        const width = Math.max(...Object.keys(summary.counts).map((t) => t.length));
        for (const [table, rows] of Object.entries(summary.counts).sort())
          say(`  ${table.padEnd(width)}  ${n(rows).padStart(12)}`);
        say(
          `  ${'total'.padEnd(width)}  ${n(total(summary)).padStart(12)} rows in ${Object.keys(summary.counts).length} tables`,
        );
      } finally {
        await scratch.close();
      }
      return 0;
    }
    const summary = await intoTarget(env, (db) => restoreBackup(db, args.file, key, { force: args.force }));
    const where = env.databaseUrl ? `the database at ${hostOf(env.databaseUrl)}` : `DATA_DIR ${env.dataDir}`;
    say(
      `Restored ${args.file} (${made(summary)}) into ${where}: ${n(total(summary))} rows in ${Object.keys(summary.counts).length} tables. Start the server with npm start.`,
    );
    return 0;
  } catch (err) {
    if (
      err instanceof Refusal ||
      err instanceof BackupFileError ||
      err instanceof RestoreRefused ||
      err instanceof DataDirLockedError
    )
      say(err.message);
    else say(`Could not restore: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

/** A PostgreSQL server's address without its password. */
function hostOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/**
 * Opens the target the server would open (DATABASE_URL, else the data folder's embedded one),
 * kept from any server starting meanwhile. A data folder that had no database keeps none after a
 * failure.
 */
async function intoTarget<T>(env: Env, work: (db: Db) => Promise<T>): Promise<T> {
  if (env.databaseUrl) {
    const db = await openPostgres(env.databaseUrl);
    const unlock = await lockStartup(env.databaseUrl);
    try {
      return await work(db);
    } finally {
      await unlock();
      await db.close();
    }
  }
  const unlock = await lockDataDir(env.dataDir);
  const folder = join(env.dataDir, 'pg');
  const isNew = !existsSync(join(folder, 'PG_VERSION'));
  try {
    const db = await openPglite(env.dataDir);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  } catch (err) {
    if (isNew) rmSync(folder, { recursive: true, force: true });
    throw err;
  } finally {
    await unlock();
  }
}
