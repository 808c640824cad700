import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { publicRoute } from '../auth/access';

const healthResponse = z.object({ success: z.literal(true), status: z.literal('ok'), database: z.string() });

export function healthRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: publicRoute, schema: { tags: ['health'], response: { 200: healthResponse } } },
      async () => {
        await db.query('SELECT 1');
        return {
          success: true as const,
          status: 'ok' as const,
          database: db.kind === 'pglite' ? 'embedded' : 'postgresql',
        };
      },
    );
}
