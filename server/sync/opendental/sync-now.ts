/**
 * Testing the connection and running a sync (docs/behaviour.md section 18). A sync holds the
 * `opendental-sync` lock in the database while it runs, so a second one in any app process is
 * refused, and its result is recorded whether it worked or not.
 */
import type { ErrorCode } from '../../../common/api/error-codes';
import type { OpendentalTest, SyncRunResponse } from '../../../common/api/sync';
import type { Actor } from '../../caller/actor';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isLocked, takeLock } from '../../jobs/claims';
import { readMappings } from '../../scoresheet/recalculate';
import { SyncError } from './connection';
import type { OpendentalDriver } from './driver';
import { recordRun } from './runs';
import { connectionToTest, currentConnection, type SyncConfig, type TypedConnection } from './settings';

export const SYNC_JOB = 'opendental-sync';
export const ALREADY_RUNNING = 'A sync is already running';
/** How long a sync's lock outlives its process: renewed while it runs (claims.ts). */
const LOCK_LEASE_MS = 60_000;

async function mappedCodes(db: Tx): Promise<Set<string>> {
  return new Set((await readMappings(db)).map((m) => m.proc_code));
}

/** A SyncError becomes the HttpError of its status, words and code; others are left as they are. */
function asHttp(err: unknown): unknown {
  return err instanceof SyncError ? new HttpError(err.status, err.message, { code: err.code }) : err;
}

/** Tests the connection as typed (the saved one when nothing is typed); nothing is saved. */
export async function testConnection(
  db: Db,
  config: SyncConfig,
  driver: OpendentalDriver,
  typed?: TypedConnection,
): Promise<OpendentalTest> {
  const conn = await connectionToTest(db, config, typed);
  try {
    return { success: true, ...(await driver.probe(conn, await mappedCodes(db))) };
  } catch (err) {
    throw asHttp(err);
  }
}

export const syncRunning = (db: Tx) => isLocked(db, SYNC_JOB);

/**
 * Why a sync failed, for the status line: the user's words and their code, or a plain line for a
 * fault, whose code says it was one.
 */
function failureOf(err: unknown): { error: string; errorCode: ErrorCode } {
  if (err instanceof HttpError || err instanceof SyncError)
    return { error: err.message, errorCode: err.code };
  return { error: 'The sync stopped because of an error on the server', errorCode: 'internal_error' };
}

export async function syncNow(
  db: Db,
  actor: Actor,
  config: SyncConfig,
  driver: OpendentalDriver,
  trigger: 'manual' | 'schedule',
): Promise<SyncRunResponse> {
  const lock = await takeLock(db, SYNC_JOB, LOCK_LEASE_MS);
  if (!lock) throw new HttpError(409, ALREADY_RUNNING, { code: 'sync_running' });
  const startedAt = new Date();
  const record = (run: {
    ok: boolean;
    records: number | null;
    skipped: number | null;
    failure: ReturnType<typeof failureOf> | null;
    unmapped?: SyncRunResponse['unmapped_codes'];
  }) =>
    recordRun(db, {
      startedAt,
      ok: run.ok,
      recordsImported: run.records,
      rowsSkipped: run.skipped,
      error: run.failure?.error ?? null,
      errorCode: run.failure?.errorCode ?? null,
      unmappedCodes: run.unmapped ?? null,
      trigger,
      username: actor.username,
    });
  try {
    const conn = await currentConnection(db, config);
    const result = await driver.runSync(db, actor, conn);
    await record({
      ok: true,
      records: result.records_imported,
      skipped: result.rows_skipped,
      failure: null,
      unmapped: result.unmapped_codes,
    });
    return result;
  } catch (err) {
    // Asked with nothing set up, nothing was tried: the last real sync stays the one shown.
    if (!(err instanceof HttpError && err.code === 'sync_not_configured'))
      await record({ ok: false, records: null, skipped: null, failure: failureOf(err) }).catch(() => {});
    throw asHttp(err);
  } finally {
    await lock.release();
  }
}
