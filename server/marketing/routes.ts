import type { FastifyInstance } from 'fastify';
import { marketingApi } from '../../common/api/marketing';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { currentYear } from '../platform/clock';
import { listSpend, saveSpend } from './service';

/** The marketing spend as configured (docs/behaviour.md section 19); the return by source is a dashboard panel. */
export function marketingRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, marketingApi.spend, (req) => listSpend(db, req.query.year ?? currentYear()));
  route(app, marketingApi.setSpend, (req) => saveSpend(db, actorOf(req), req.body.year, req.body.spend));
}
