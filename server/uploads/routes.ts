import type { FastifyInstance } from 'fastify';
import { IMPORT_KINDS, importsApi, PREVIEW_MINUTES } from '../../common/api/imports';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { syncConfig } from '../sync';
import { PreviewStore } from './preview-store';
import { coolReader, warmReader } from './read-thread';
import { receiveUpload } from './receive';
import { type FiguresOffer, importHistory } from './service';
import { answerUpload, type Uploads } from './upload-answer';
import { uploadDir } from './upload-dir';

export function uploadRoutes(
  app: FastifyInstance,
  { db, env, now }: AppDeps,
  /** Takes what the figures read of a Leads file's leads, when the import made it (dashboard/data.ts). */
  offerFigures?: FiguresOffer,
): void {
  const dir = uploadDir(env.dataDir);
  const sync = syncConfig(env);
  const previews = new PreviewStore(dir, PREVIEW_MINUTES * 60_000, now);
  app.addHook('onClose', () => previews.close());
  const uploads: Uploads = { db, previews, limits: env.importLimits, sync, offerFigures };
  // The thread that reads the next upload starts now, not when it arrives.
  warmReader();
  app.addHook('onClose', coolReader);

  for (const kind of IMPORT_KINDS) {
    route(app, importsApi.upload[kind], async (req) => {
      const upload = await receiveUpload(req, env.maxUploadBytes, dir);
      try {
        // The guard let only a signed-in manager or admin through.
        return await answerUpload(uploads, kind, { actor: actorOf(req), userId: req.user!.id }, upload);
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
  route(app, importsApi.history, () => importHistory(db));
}
