import type { FastifyInstance } from 'fastify';
import { syncApi } from '../../../common/api/sync';
import { actorOf } from '../../caller/actor';
import type { AppDeps } from '../../http/deps';
import { route } from '../../http/route';
import { syncConfig } from './config';
import { type OpendentalDriver, openDentalDriver } from './driver';
import { opendentalSettings, saveOpendental } from './settings';
import { readSyncStatus } from './status';
import { syncNow, testConnection } from './sync-now';

export function syncRoutes(
  app: FastifyInstance,
  { db, env }: AppDeps,
  /** Reads Open Dental; the real reader unless a test hands in its own. */
  opendental: OpendentalDriver = openDentalDriver(env.importLimits),
): void {
  const config = syncConfig(env);
  route(app, syncApi.settings, () => opendentalSettings(db, config));
  route(app, syncApi.save, (req) => saveOpendental(db, actorOf(req), config, req.body));
  route(app, syncApi.test, (req) => testConnection(db, config, opendental, req.body ?? undefined));
  route(app, syncApi.run, (req) => syncNow(db, actorOf(req), config, opendental, 'manual'));
  route(app, syncApi.status, () => readSyncStatus(db, config, new Date()));
}
