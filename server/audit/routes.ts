import type { FastifyInstance } from 'fastify';
import { auditApi } from '../../common/api/auth';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { listAudit } from './service';

export function auditRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, auditApi.list, (req) => listAudit(db, req.query.page, req.query.limit));
}
