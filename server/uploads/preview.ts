import { type ImportKind, type ImportPreview, SYNCED_KINDS } from '../../common/api/imports';
import type { Db } from '../db/client';
import { ImportFileError } from '../file-reading';
import { otherKindOf } from '../file-reading/headers';
import { HttpError } from '../http/errors';
import { DATE_COLUMN_OF, TABLE_OF } from '../import-store/tables';
import { checkSomethingToImport } from '../import-store/tally';
import type { ImportLimits } from '../platform/import-limits';
import { readMappings } from '../scoresheet/recalculate';
import { type CautionFacts, cautionsOf, type DateRange } from './cautions';
import { ReadThread } from './read-thread';
import { fullNameOf, type UploadedFile } from './service';

/** The preview less what keeping the file adds (its id and expiry). */
export type PreviewAnswer = Omit<ImportPreview, 'preview_id' | 'expires_at'>;

/** The rows of a kind stored now, and the days they span. */
async function storedNow(db: Db, kind: ImportKind): Promise<NonNullable<CautionFacts['stored']>> {
  const column = DATE_COLUMN_OF[kind];
  const first = column ? `min(${column})::text` : 'NULL';
  const last = column ? `max(${column})::text` : 'NULL';
  const [row] = await db.query<{ rows: number; first: string | null; last: string | null }>(
    `SELECT count(*)::int AS rows, ${first} AS first, ${last} AS last FROM ${TABLE_OF[kind]}`,
  );
  const range: DateRange | null = row.first && row.last ? { from: row.first, to: row.last } : null;
  return { rows: row.rows, range };
}

/**
 * Reads and checks a file exactly as importFile does (the same reader, limits and tally) and
 * changes nothing: no transaction, no lock, nothing written. Refuses what the import would refuse,
 * with the same status and words.
 */
export async function previewFile(
  db: Db,
  kind: ImportKind,
  file: UploadedFile,
  replace: boolean,
  limits: ImportLimits,
  today: string,
  /** The schedule in words when a sync from Open Dental is set to run by itself; else null. */
  nextSync: string | null,
): Promise<PreviewAnswer> {
  const reader = new ReadThread({
    path: file.path,
    fileName: fullNameOf(file.fileName),
    window: 1,
    countOnly: true,
  });
  try {
    const mappings = await readMappings(db);
    reader.begin({ kind, mapped: mappings.map((m) => m.proc_code), meaningful: null, limits, today });
    await reader.started();
    const { tally } = await reader.done();
    checkSomethingToImport(tally);
    const stored = replace ? await storedNow(db, kind) : null;
    const looksLike = otherKindOf(reader.header, kind);
    const range = tally.from && tally.to ? { from: tally.from, to: tally.to } : null;
    return {
      ...tally.response,
      dry_run: true,
      replace,
      replaces: stored?.rows ?? 0,
      date_range: range,
      past_dates: kind === 'future-scheduled' ? tally.past : null,
      looks_like: looksLike,
      cautions: cautionsOf({
        kind,
        looksLike,
        rows: tally.response.records_imported,
        dated: tally.dated,
        past: tally.past,
        range,
        stored,
        nextSync: SYNCED_KINDS.includes(kind) ? nextSync : null,
      }),
    };
  } catch (err) {
    if (err instanceof ImportFileError) throw new HttpError(err.status, err.message, { code: err.code });
    throw err;
  } finally {
    await reader.stop();
  }
}
