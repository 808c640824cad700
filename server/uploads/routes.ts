import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { IMPORT_KINDS, type ImportKind, importsApi, PREVIEW_MINUTES } from '../../common/api/imports';
import type { Actor } from '../audit/service';
import { actorOf } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { fieldError, HttpError } from '../http/errors';
import { route } from '../http/route';
import { today } from '../platform/clock';
import { syncConfig } from '../sync/opendental/config';
import { scheduledSyncWords } from '../sync/opendental/status';
import { previewFile } from './preview';
import { PreviewStore } from './preview-store';
import { coolReader, warmReader } from './read-thread';
import { type ReceivedUpload, receiveUpload } from './receive';
import { loadSampleData } from './samples';
import { importFile, importHistory } from './service';
import { uploadDir } from './upload-dir';

// The UI sends replace='true' for the two reports and 'false' (merge) for the ignore list.
const DEFAULT_REPLACE = { 'raw-data': true, 'future-scheduled': true, 'ignore-list': false } as const;

/** A 'true'/'false' field; null when it was not sent. */
function parseFlag(name: string, value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  if (value === 'true' || value === 'false') return value === 'true';
  throw fieldError(name, `${name} must be 'true' or 'false'`);
}

export function uploadRoutes(app: FastifyInstance, { db, env, now }: AppDeps): void {
  const dir = uploadDir(env.dataDir);
  const sync = syncConfig(env);
  const previews = new PreviewStore(dir, PREVIEW_MINUTES * 60_000, now);
  app.addHook('onClose', () => previews.close());
  // The thread that reads the next upload starts now, not when it arrives.
  warmReader();
  app.addHook('onClose', coolReader);

  /** The three ways one upload call is used: import a file, preview it, or import a preview. */
  async function answer(kind: ImportKind, actor: Actor, userId: number, upload: ReceivedUpload) {
    const { file, fields } = upload;
    // Every field is checked before anything is read or a preview taken.
    const replace = parseFlag('replace', fields.replace);
    const dryRun = parseFlag('dry_run', fields.dry_run) ?? false;
    const previewId = fields.preview_id ?? '';
    if (previewId !== '') {
      if (file) throw new HttpError(400, 'Send either a file or a preview_id, not both');
      if (dryRun)
        throw new HttpError(400, 'This file has been previewed already: send preview_id without dry_run');
      const taken = await previews.take(previewId, userId, kind);
      try {
        return await importFile(db, actor, kind, taken, replace ?? taken.replace, env.importLimits);
      } finally {
        await taken.remove();
      }
    }
    if (!file) throw fieldError('file', 'Please select a file first', 'missing_field');
    const replacing = replace ?? DEFAULT_REPLACE[kind];
    if (!dryRun) return importFile(db, actor, kind, file, replacing, env.importLimits);
    const nextSync = await scheduledSyncWords(db, sync);
    const preview = await previewFile(db, kind, file, replacing, env.importLimits, today(), nextSync);
    const kept = await previews.keep(file.path, {
      userId,
      kind,
      fileName: file.fileName,
      replace: replacing,
    });
    return { ...preview, preview_id: kept.id, expires_at: kept.expiresAt.toISOString() };
  }

  for (const kind of IMPORT_KINDS) {
    route(app, importsApi.upload[kind], async (req) => {
      const upload = await receiveUpload(req, env.maxUploadBytes, dir);
      try {
        // The guard let only a signed-in manager or admin through.
        return await answer(kind, actorOf(req), req.user!.id, upload);
      } finally {
        // Gone already when kept as a preview: removing is then a no-op.
        await upload.remove();
      }
    });
  }
  route(app, importsApi.cancelPreview, async (req) => {
    await previews.drop(req.params.id, req.user!.id);
    return { success: true as const };
  });
  route(app, importsApi.sampleData, (req) =>
    loadSampleData(db, actorOf(req), fileURLToPath(new URL('../../samples', import.meta.url))),
  );
  route(app, importsApi.history, () => importHistory(db));
}
