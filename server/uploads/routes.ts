import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { IMPORT_KINDS, importsApi } from '../../common/api/imports';
import { actorOf } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { receiveUpload } from './receive';
import { loadSampleData } from './samples';
import { importFile, importHistory } from './service';
import { uploadDir } from './upload-dir';

// The UI sends replace='true' for the two reports and 'false' (merge) for the ignore list.
const DEFAULT_REPLACE = { 'raw-data': true, 'future-scheduled': true, 'ignore-list': false } as const;

function parseReplace(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new HttpError(400, `replace must be 'true' or 'false'`);
}

export function uploadRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  for (const kind of IMPORT_KINDS) {
    route(app, importsApi.upload[kind], async (req) => {
      const upload = await receiveUpload(req, env.maxUploadBytes, uploadDir(env.dataDir));
      try {
        const replace = parseReplace(upload.fields.replace, DEFAULT_REPLACE[kind]);
        return await importFile(db, actorOf(req), kind, upload, replace, env.importLimits);
      } finally {
        await upload.remove();
      }
    });
  }
  route(app, importsApi.sampleData, (req) =>
    loadSampleData(db, actorOf(req), fileURLToPath(new URL('../../samples', import.meta.url))),
  );
  route(app, importsApi.history, () => importHistory(db));
}
