import type { FastifyInstance } from 'fastify';
import { backupsApi } from '../../common/api/backups';
import { actorOf } from '../caller/actor';
import { route } from '../http/route';
import type { Backups } from './service';

export function backupRoutes(app: FastifyInstance, backups: Backups): void {
  route(app, backupsApi.list, () => backups.list());
  route(app, backupsApi.now, async (req) => ({
    success: true as const,
    backup: await backups.backUp(actorOf(req)),
  }));
}
