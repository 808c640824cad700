import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../http/deps';
import { folderBytes } from './folder-size';

const healthResponse = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.string(),
  /** Admins only: bytes the embedded database's data folder takes on disk. */
  data_folder_bytes: z.number().optional(),
});

export function healthRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public', identifyIfSignedIn: true },
      schema: { tags: ['health'], response: { 200: healthResponse } },
    },
    async (req) => {
      // The embedded database works through one transaction at a time: while an import holds it,
      // it is evidently up, and a probe would only wait for the import to end.
      if (!db.busy()) await db.query('SELECT 1');
      const embedded = db.kind === 'pglite';
      return {
        success: true as const,
        status: 'ok' as const,
        database: embedded ? 'embedded' : 'postgresql',
        ...(embedded && req.user?.role === 'admin'
          ? { data_folder_bytes: await folderBytes(env.dataDir) }
          : {}),
      };
    },
  );
}
