import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportsApi } from '../../common/api/dashboard';
import { worklistApi } from '../../common/api/worklist';
import { isCaseTeam } from '../../common/roles';
import { actorOf } from '../caller/actor';
import { type DashboardDataSource, filtersAsked, worklistAsked } from '../dashboard';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import type { BuildReport } from '../reports';
import {
  exportArchCaseDetails,
  exportConsultDetails,
  exportFutureCaseDetails,
  exportPendingFinanceDetails,
} from './detail-lists';
import type { ExportFile, ExportFrom } from './file';
import { exportDashboard, exportReport, exportScoresheet, exportWorklist } from './service';

function sendFile(reply: FastifyReply, { type, name, body }: ExportFile) {
  return (
    reply
      .type(type)
      .header('content-disposition', `attachment; filename="${name}"`)
      // Patient data: no shared cache may keep a copy.
      .header('cache-control', 'no-store')
      .send(body)
  );
}

/** Any signed-in role may export (docs/screens.md section 6); every export is audited (rules section 8). */
export function exportRoutes(
  app: FastifyInstance,
  { db }: AppDeps,
  source: DashboardDataSource,
  buildReport: BuildReport,
): void {
  const from = (req: FastifyRequest): ExportFrom => ({
    db,
    source,
    actor: actorOf(req),
    dataVersion: req.dataVersion,
    activityVersion: req.activityVersion,
  });
  // The marketing return is for managers, coordinators and admins only (section 19).
  const seesMarketing = (req: FastifyRequest) => req.user !== null && isCaseTeam(req.user.role);
  route(app, exportsApi.dashboard, async (req, reply) =>
    sendFile(reply, await exportDashboard(from(req), filtersAsked(req), seesMarketing(req))),
  );
  route(app, exportsApi.report, async (req, reply) =>
    sendFile(reply, await exportReport(from(req), buildReport, filtersAsked(req), seesMarketing(req))),
  );
  route(app, worklistApi.export, async (req, reply) =>
    sendFile(reply, await exportWorklist(from(req), await worklistAsked(req, db))),
  );
  route(app, exportsApi.scoresheet, async (req, reply) =>
    sendFile(reply, await exportScoresheet(from(req), req.heldTo)),
  );
  route(app, exportsApi.consultDetails, async (req, reply) =>
    sendFile(reply, await exportConsultDetails(from(req), req.params.type, filtersAsked(req))),
  );
  route(app, exportsApi.archCaseDetails, async (req, reply) =>
    sendFile(reply, await exportArchCaseDetails(from(req), req.params.month, filtersAsked(req))),
  );
  route(app, exportsApi.futureCaseDetails, async (req, reply) =>
    sendFile(reply, await exportFutureCaseDetails(from(req), req.params.month, filtersAsked(req))),
  );
  route(app, exportsApi.pendingFinanceDetails, async (req, reply) =>
    sendFile(reply, await exportPendingFinanceDetails(from(req), filtersAsked(req))),
  );
}
