import type { FastifyInstance } from 'fastify';
import { worklistApi } from '../../common/api/worklist';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { readThresholds, saveThresholds } from './thresholds';

/** The thresholds; the worklist itself is a dashboard panel and its export a workbook. */
export function worklistRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, worklistApi.thresholds, async () => ({
    success: true as const,
    thresholds: await readThresholds(db),
  }));
  route(app, worklistApi.setThresholds, (req) => saveThresholds(db, actorOf(req), req.body.thresholds));
}
