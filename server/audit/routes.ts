import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_EXPORT_FILE, auditApi } from '../../common/api/audit';
import { actorOf } from '../caller/actor';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { exportAudit, listAudit } from './service';

/** Admins only (the endpoints' access); every read and export is itself audited. */
export function auditRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, auditApi.list, (req) => listAudit(db, actorOf(req), req.query));

  route(app, auditApi.export, async (req, reply) => {
    const csv = await exportAudit(db, actorOf(req), req.query);
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${AUDIT_EXPORT_FILE}"`)
        // Names of patients and staff: no shared cache may keep a copy.
        .header('cache-control', 'no-store')
        .send(Readable.from(csv))
    );
  });
}
