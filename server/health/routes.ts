import type { FastifyInstance } from 'fastify';
import { healthApi } from '../../common/api/health';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { folderBytes } from './folder-size';

export function healthRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  route(app, healthApi.health, async (req) => {
    // The embedded database works through one statement or transaction at a time: while it is
    // answering others (an import, the figures' inputs loading), it is evidently up, and a probe
    // would only wait for them to end.
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
  });
}
