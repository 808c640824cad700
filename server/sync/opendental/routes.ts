import type { FastifyInstance } from 'fastify';
import { syncApi } from '../../../common/api/sync';
import { actorOf } from '../../auth/guard';
import type { AppDeps } from '../../http/deps';
import { route } from '../../http/route';
import { syncConfig } from './config';
import { openDentalDriver } from './driver';
import { lastSync } from './runs';
import { isConfigured, opendentalSettings, readStored, saveOpendental } from './settings';
import { syncNow, syncRunning, testConnection } from './sync-now';

export function syncRoutes(
  app: FastifyInstance,
  { db, env, opendental = openDentalDriver(env.importLimits) }: AppDeps,
): void {
  const config = syncConfig(env);
  route(app, syncApi.settings, () => opendentalSettings(db, config));
  route(app, syncApi.save, (req) => saveOpendental(db, actorOf(req), config, req.body));
  route(app, syncApi.test, () => testConnection(db, config, opendental));
  route(app, syncApi.run, (req) => syncNow(db, actorOf(req), config, opendental, 'manual'));
  route(app, syncApi.status, async () => ({
    success: true as const,
    configured: await isConfigured(db, config),
    schedule: (await readStored(db)).schedule,
    running: await syncRunning(db),
    last_sync: await lastSync(db),
  }));
}
