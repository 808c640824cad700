import type { ImportKind, ImportPreview, ImportResponse } from '../../common/api/imports';
import type { Actor } from '../caller/actor';
import type { Db } from '../db/client';
import { fieldError, HttpError } from '../http/errors';
import { today } from '../platform/clock';
import type { ImportLimits } from '../platform/import-limits';
import { type SyncConfig, scheduledSyncWords } from '../sync';
import { previewFile } from './preview';
import type { PreviewStore } from './preview-store';
import type { ReceivedUpload } from './receive';
import { type FiguresOffer, importFile } from './service';

// The UI sends replace='true' for the two reports and 'false' (merge) for the ignore list and the
// leads, which a file may add to: merging the same leads again changes nothing.
const DEFAULT_REPLACE: Record<ImportKind, boolean> = {
  'raw-data': true,
  'future-scheduled': true,
  'ignore-list': false,
  leads: false,
};

/** A 'true'/'false' field; null when it was not sent. */
function parseFlag(name: string, value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  if (value === 'true' || value === 'false') return value === 'true';
  throw fieldError(name, `${name} must be 'true' or 'false'`);
}

/** What an upload is answered with, made once for the app (uploadRoutes). */
export interface Uploads {
  db: Db;
  previews: PreviewStore;
  limits: ImportLimits;
  /** The Open Dental sync's settings: a preview says when the next scheduled sync replaces the data. */
  sync: SyncConfig;
  /** Takes what the figures read of a Leads file's leads, when the import made it. */
  offerFigures?: FiguresOffer;
}

/** Who uploads: the actor for the audit row, the user id a preview is kept for. */
export interface Uploader {
  actor: Actor;
  userId: number;
}

/**
 * The three ways one upload call is used (docs/behaviour.md section 2): import a file, preview it
 * (`dry_run`), or import a preview (`preview_id`, no file). Every field is checked before anything
 * is read or a preview taken. A previewed upload is kept under the preview's name, so the caller's
 * removal of the upload afterwards finds nothing to remove.
 */
export async function answerUpload(
  uploads: Uploads,
  kind: ImportKind,
  { actor, userId }: Uploader,
  { file, fields }: Pick<ReceivedUpload, 'file' | 'fields'>,
): Promise<ImportResponse | ImportPreview> {
  const { db, previews, limits, offerFigures } = uploads;
  const replace = parseFlag('replace', fields.replace);
  const dryRun = parseFlag('dry_run', fields.dry_run) ?? false;
  const previewId = fields.preview_id ?? '';
  if (previewId !== '') {
    if (file) throw new HttpError(400, 'Send either a file or a preview_id, not both');
    if (dryRun)
      throw new HttpError(400, 'This file has been previewed already: send preview_id without dry_run');
    const taken = await previews.take(previewId, userId, kind);
    try {
      return await importFile(db, actor, kind, taken, replace ?? taken.replace, { limits, offerFigures });
    } finally {
      await taken.remove();
    }
  }
  if (!file) throw fieldError('file', 'Please select a file first', 'missing_field');
  const replacing = replace ?? DEFAULT_REPLACE[kind];
  if (!dryRun) return importFile(db, actor, kind, file, replacing, { limits, offerFigures });
  const nextSync = await scheduledSyncWords(db, uploads.sync);
  const preview = await previewFile(db, kind, file, replacing, limits, today(), nextSync);
  const kept = await previews.keep(file.path, { userId, kind, fileName: file.fileName, replace: replacing });
  return { ...preview, preview_id: kept.id, expires_at: kept.expiresAt.toISOString() };
}
