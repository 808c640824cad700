/**
 * Backups as the admins and the schedule see them (docs/behaviour.md section 21): made one at a
 * time across every app process, written under a temporary name, read back, renamed into place,
 * then the oldest beyond BACKUP_KEEP removed; each one made or failed is recorded and audited.
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { desc, inArray } from 'drizzle-orm';
import type { BackupEntry, BackupsResponse } from '../../common/api/backups';
import { BACKUP_FILE_PATTERN } from '../../common/api/backups';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db } from '../db/client';
import { backupRuns } from '../db/schema';
import { SETTING_KEYS } from '../db/setting-keys';
import { sharedSetting } from '../db/shared-setting';
import {
  backupFileName,
  backupMoment,
  backupSlot,
  backupSlotKey,
  backupsBeyond,
  nextBackupAt,
} from '../domain/backup-schedule';
import { HttpError } from '../http/errors';
import { claimSlot, takeLock } from '../jobs/claims';
import type { ScheduledJob } from '../jobs/scheduler';
import type { BackupSettings } from '../platform/env';
import { readOrMakeKeyFile } from '../platform/key-file';
import { verifyBackup } from './restore';
import { writeSnapshot } from './snapshot';

const JOB = 'backup';
/** The lock's lease: renewed while a backup runs, so only a killed process's lock runs out. */
const LEASE_MS = 20_000;
const PARTIAL = /^\.full-arch-backup-.*\.partial$/;
const SYSTEM: Actor = { id: null, username: null };

/** Where the key file lives when BACKUP_KEY is not set. */
export const backupKeyPath = (dataDir: string) => join(dataDir, 'backup.key');

export interface Backups {
  list(): Promise<BackupsResponse>;
  /** Makes a backup now; throws HttpError (409 while another runs, 507 or 500 when it fails). */
  backUp(actor: Actor, scheduled?: boolean): Promise<BackupEntry>;
  /** The daily backup for the scheduler: the one process whose claim of the slot goes in makes it. */
  job(onFailed?: (reason: string) => void): ScheduledJob;
}

export function createBackups(
  db: Db,
  settings: BackupSettings,
  dataDir: string,
  {
    now = () => new Date(),
    onFault = () => {},
  }: {
    now?: () => Date;
    /** Told of a failure that is no full or closed folder: a fault, for the log. */
    onFault?: (err: unknown) => void;
  } = {},
): Backups {
  const { dir } = settings;
  // The first process to look sets when the schedule began, for every process after it.
  const startedAt = now();
  let since: Date | null = null;
  const key = () =>
    settings.key ? Promise.resolve(settings.key) : readOrMakeKeyFile(backupKeyPath(dataDir));

  async function backupFiles(): Promise<string[]> {
    try {
      return (await readdir(dir)).filter((f) => BACKUP_FILE_PATTERN.test(f));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  async function record(
    actor: Actor,
    run: { file: string | null; size: number | null; scheduled: boolean; ok: boolean; error: string | null },
  ) {
    await db.transaction(async (tx) => {
      await tx.orm.insert(backupRuns).values(run);
      await recordAudit(
        tx,
        actor,
        run.ok ? 'backup_made' : 'backup_failed',
        run.ok
          ? { file: run.file, size: run.size, scheduled: run.scheduled }
          : { scheduled: run.scheduled, reason: run.error },
      );
    });
  }

  /** Writes, reads back and renames one backup into place; the caller holds the lock. */
  async function write(): Promise<{ file: string; size: number }> {
    // Readable by the server's user only, as the files in it (0600): each holds the practice's data.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // A backup killed part-way leaves its temporary file: no other backup runs now to own one.
    for (const f of await readdir(dir)) if (PARTIAL.test(f)) await unlink(join(dir, f)).catch(() => {});
    let moment = now();
    // Two backups within one second: the later takes the next free second's name.
    while (existsSync(join(dir, backupFileName(moment)))) moment = new Date(moment.getTime() + 1000);
    const file = backupFileName(moment);
    const partial = join(dir, `.${file}.partial`);
    const sealWith = await key();
    try {
      await writeSnapshot(db, partial, sealWith, () => moment);
      await verifyBackup(partial, sealWith);
      await rename(partial, join(dir, file));
    } catch (err) {
      await unlink(partial).catch(() => {});
      throw err;
    }
    await syncFolder(dir);
    return { file, size: (await stat(join(dir, file))).size };
  }

  async function prune(): Promise<void> {
    for (const f of backupsBeyond(await backupFiles(), settings.keep))
      await unlink(join(dir, f)).catch(() => {});
  }

  async function backUp(actor: Actor, scheduled = false): Promise<BackupEntry> {
    const lock = await takeLock(db, JOB, LEASE_MS);
    if (!lock)
      throw new HttpError(409, 'A backup is being made now; try again when it is done', {
        code: 'backup_running',
      });
    try {
      let made: Awaited<ReturnType<typeof write>>;
      try {
        made = await write();
      } catch (err) {
        let failure = folderFailure(err, dir);
        if (!failure) {
          onFault(err);
          failure = new HttpError(
            500,
            'The backup could not be made: an error on the server; the older backups are kept',
            { code: 'backup_failed' },
          );
        }
        await record(actor, { file: null, size: null, scheduled, ok: false, error: failure.message });
        throw failure;
      }
      await record(actor, { file: made.file, size: made.size, scheduled, ok: true, error: null });
      // Only now that a new one is whole do the oldest go.
      await prune();
      return { file: made.file, size: made.size, created_at: backupMoment(made.file)!, ok: true };
    } finally {
      await lock.release();
    }
  }

  return {
    backUp,
    async list() {
      const files = (await backupFiles()).sort().reverse();
      const runs = files.length
        ? await db.orm
            .select({ file: backupRuns.file, ok: backupRuns.ok })
            .from(backupRuns)
            .where(inArray(backupRuns.file, files))
        : [];
      const verified = new Set(runs.filter((r) => r.ok).map((r) => r.file));
      const backups: BackupEntry[] = [];
      for (const file of files) {
        const size = await stat(join(dir, file)).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) continue; // removed since the folder was read
        backups.push({ file, size, created_at: backupMoment(file)!, ok: verified.has(file) });
      }
      const [latest] = await db.orm
        .select({ ok: backupRuns.ok, error: backupRuns.error })
        .from(backupRuns)
        .orderBy(desc(backupRuns.id))
        .limit(1);
      return {
        success: true as const,
        backups,
        last_error: latest && !latest.ok ? latest.error : null,
        next_at: nextBackupAt(now(), settings.at).toISOString(),
        dir,
        keep: settings.keep,
      };
    },
    job(onFailed = () => {}) {
      return {
        name: JOB,
        async run(at: Date) {
          // A new install waits for its first BACKUP_TIME; a slot missed while the server was
          // down is made when it comes back.
          since ??= new Date(
            await sharedSetting(db, SETTING_KEYS.backupsSince, () => startedAt.toISOString()),
          );
          const slot = backupSlot(at, settings.at);
          if (slot.getTime() < since.getTime()) return 'not-due';
          if (!(await claimSlot(db, JOB, backupSlotKey(slot)))) return 'taken';
          try {
            await backUp(SYSTEM, true);
            return 'made';
          } catch (err) {
            onFailed(err instanceof Error ? err.message : String(err));
            return 'failed';
          }
        },
      };
    },
  };
}

/**
 * A failure of the backup folder in words for the admins' screen and the audit log (never a row of
 * data), or null for any other: a fault.
 */
function folderFailure(err: unknown, dir: string): HttpError | null {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new HttpError(507, `No space left in the backup folder ${dir}: the older backups are kept`, {
      code: 'backup_no_space',
    });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return new HttpError(
      500,
      `The backup folder ${dir} cannot be written (${code}): the older backups are kept`,
      { code: 'backup_failed' },
    );
  return null;
}

/** Makes a rename in `dir` last through a power cut. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
