import type { ImportKind, ImportPreview } from '../../common/api/imports';
import type { Db } from '../db/client';
import { codeMappings } from '../db/schema';
import { HttpError } from '../http/errors';
import { ImportFileError } from '../imports';
import { looksLikeSentence, otherKindOf } from '../imports/headers';
import type { ImportLimits } from './limits';
import { ReadThread } from './read-thread';
import { fullNameOf, type UploadedFile } from './service';
import { TABLE_OF } from './tables';
import { checkSomethingToImport } from './tally';

const count = (n: number) => n.toLocaleString('en-US');

/** The preview less what keeping the file adds (its id and expiry). */
export type PreviewAnswer = Omit<ImportPreview, 'preview_id' | 'expires_at'>;

/**
 * The cautions a preview says in words: headers of another kind of file, and a Future Scheduled
 * file whose dated rows are mostly (over half) before today.
 */
export function cautionsOf(
  kind: ImportKind,
  looksLike: ImportKind | null,
  dated: number,
  past: number,
): string[] {
  const cautions: string[] = [];
  if (looksLike) cautions.push(looksLikeSentence(looksLike, kind));
  if (kind === 'future-scheduled' && past * 2 > dated)
    cautions.push(
      `${count(past)} of ${count(dated)} dated rows are before today: is this the Future Scheduled report?`,
    );
  return cautions;
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
): Promise<PreviewAnswer> {
  const reader = new ReadThread({
    path: file.path,
    fileName: fullNameOf(file.fileName),
    window: 1,
    countOnly: true,
  });
  try {
    const mappings = await db.orm.select({ proc_code: codeMappings.procCode }).from(codeMappings);
    reader.begin({ kind, mapped: mappings.map((m) => m.proc_code), meaningful: null, limits, today });
    await reader.started();
    const { tally } = await reader.done();
    checkSomethingToImport(tally);
    const [{ stored }] = replace
      ? await db.query<{ stored: number }>(`SELECT count(*)::int AS stored FROM ${TABLE_OF[kind]}`)
      : [{ stored: 0 }];
    const looksLike = otherKindOf(reader.header, kind);
    return {
      ...tally.response,
      dry_run: true,
      replace,
      replaces: stored,
      date_range: tally.from && tally.to ? { from: tally.from, to: tally.to } : null,
      past_dates: kind === 'future-scheduled' ? tally.past : null,
      looks_like: looksLike,
      cautions: cautionsOf(kind, looksLike, tally.dated, tally.past),
    };
  } catch (err) {
    if (err instanceof ImportFileError) throw new HttpError(err.status, err.message);
    throw err;
  } finally {
    await reader.stop();
  }
}
