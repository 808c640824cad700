import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_KINDS,
  importHistoryResponse,
  importResponse,
  sampleDataResponse,
} from '../../common/api/imports';
import { editorsOnly, signedIn } from '../auth/access';
import { actorOf } from '../auth/guard';
import type { AppDeps } from '../http/deps';
import { HttpError } from '../http/errors';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['import'];

  for (const kind of IMPORT_KINDS) {
    r.post(
      `/api/import/${kind}`,
      {
        config: editorsOnly,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: importResponse } },
      },
      async (req) => {
        const upload = await receiveUpload(req, env.maxUploadBytes, uploadDir(env.dataDir));
        try {
          const replace = parseReplace(upload.fields.replace, DEFAULT_REPLACE[kind]);
          return await importFile(db, actorOf(req), kind, upload, replace, env.importLimits);
        } finally {
          await upload.remove();
        }
      },
    );
  }

  r.post(
    '/api/import/sample-data',
    { config: editorsOnly, schema: { tags, response: { 200: sampleDataResponse } } },
    (req) => loadSampleData(db, actorOf(req), fileURLToPath(new URL('../../samples', import.meta.url))),
  );
  r.get(
    '/api/import/history',
    { config: signedIn, schema: { tags, response: { 200: importHistoryResponse } } },
    () => importHistory(db),
  );
}
