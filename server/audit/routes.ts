import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse } from '../../common/api/auth';
import { adminsOnly } from '../auth/access';
import type { AppDeps } from '../http/deps';
import { listAudit } from './service';

export function auditRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      config: adminsOnly('Only admins can read the audit log'),
      schema: { tags: ['audit'], querystring: auditQuery, response: { 200: auditResponse } },
    },
    (req) => listAudit(db, req.query.page, req.query.limit),
  );
}
